interface NamePool {
  men: readonly string[]
  women: readonly string[]
  lastNames: readonly string[]
}

export const namePools = {
  anglo: {
    men: ['James', 'Michael', 'Matthew', 'Andrew', 'Joshua', 'Caleb', 'Nathan', 'Benjamin', 'Luke', 'Ethan', 'Jacob',
      'Aaron', 'Timothy', 'Jonathan', 'Ryan', 'Tyler', 'Zachary', 'Seth', 'Stephen', 'Mark', 'Thomas', 'William',
      'Robert', 'Gregory', 'Wesley', 'Levi', 'Owen', 'Garrett', 'Colin', 'Dale', 'Philip', 'Jeremy'],
    women: ['Sarah', 'Rebecca', 'Hannah', 'Abigail', 'Emily', 'Rachel', 'Elizabeth', 'Anna', 'Lydia', 'Leah', 'Hope',
      'Megan', 'Lauren', 'Jessica', 'Katherine', 'Olivia', 'Emma', 'Madison', 'Brooke', 'Caroline', 'Natalie',
      'Julia', 'Claire', 'Susan', 'Deborah', 'Ruth', 'Abby', 'Molly', 'Kelsey', 'Heather', 'Paige', 'Bethany'],
    lastNames: ['Miller', 'Anderson', 'Carter', 'Walker', 'Hughes', 'Bennett', 'Collins', 'Foster', 'Hayes',
      'Parker', 'Reed', 'Morgan', 'Sullivan', 'Mitchell', 'Turner', 'Phillips', 'Ward', 'Cooper', 'Russell',
      'Griffin', 'Hall', 'Murphy', "O'Connor", 'Baker', 'Wright', 'Stewart', 'Fletcher', 'Shaw', 'Whitaker',
      'Lawson', 'Caldwell', 'Hoffman', 'Sanders', 'Nolan', 'Pruitt', 'Kendall'],
  },
  africanAmerican: {
    men: ['Marcus', 'Darnell', 'Andre', 'Terrence', 'Jamal', 'Malik', 'Isaiah', 'Xavier', 'Jerome', 'Cedric',
      'Derrick', 'Brandon', 'Jalen', 'Elijah', 'Corey', 'Reginald', 'Dwayne', 'Kendrick', 'Tremaine', 'Darius'],
    women: ['Keisha', 'Aaliyah', 'Jasmine', 'Tiana', 'Imani', 'Destiny', 'Ebony', 'Monique', 'Latoya', 'Shanice',
      'Brianna', 'Nia', 'Kendra', 'Danielle', 'Alicia', 'Simone', 'Tamara', 'Gabrielle', 'Naomi', 'Raven'],
    lastNames: ['Washington', 'Jefferson', 'Jackson', 'Robinson', 'Harris', 'Coleman', 'Jenkins', 'Simmons',
      'Banks', 'Gaines', 'Bryant', 'Freeman', 'Mosley', 'Whitfield', 'Dixon', 'Holloway', 'Pryor', 'Spencer',
      'Booker', 'Merriweather'],
  },
  caribbean: {
    men: ['Andre', 'Damion', 'Kemar', 'Shane', 'Marlon', 'Ricardo', 'Jermaine', 'Odane', 'Romaine', 'Dane'],
    women: ['Shanique', 'Kimone', 'Tanisha', 'Annmarie', 'Stacy-Ann', 'Sashana', 'Kerry-Ann', 'Tashana', 'Nadine',
      'Renee'],
    lastNames: ['Campbell', 'Grant', 'McKenzie', 'Francis', 'Reid', 'Bailey', 'Gordon', 'Samuels', 'Henry',
      'Powell', 'Lindo', 'Clarke'],
  },
  hispanic: {
    men: ['José', 'Carlos', 'Luis', 'Miguel', 'Alejandro', 'Gabriel', 'Mateo', 'Diego', 'Javier', 'Andrés',
      'Rafael', 'Emmanuel', 'Ricardo', 'Adrián', 'Daniel', 'Samuel'],
    women: ['María', 'Sofía', 'Isabella', 'Gabriela', 'Valentina', 'Lucía', 'Daniela', 'Camila', 'Ana', 'Elena',
      'Marisol', 'Yesenia', 'Carolina', 'Paola', 'Adriana', 'Esperanza'],
    lastNames: ['García', 'Martínez', 'Rodríguez', 'Hernández', 'López', 'González', 'Pérez', 'Ramírez',
      'Flores',
      'Torres', 'Rivera', 'Morales', 'Castillo', 'Vargas', 'Mendoza', 'Ortiz', 'Delgado', 'Reyes'],
  },
  eastAsian: {
    men: ['Daniel', 'Joseph', 'Samuel', 'Andrew', 'Jae', 'Kevin', 'Brian', 'Eric', 'Minh', 'Wei', 'Jonah',
      'Peter'],
    women: ['Esther', 'Joy', 'Christine', 'Hannah', 'Ji-woo', 'Michelle', 'Linh', 'Mei', 'Eunice', 'Grace',
      'Sharon', 'Priscilla'],
    lastNames: ['Kim', 'Lee', 'Park', 'Choi', 'Chen', 'Wang', 'Nguyen', 'Tran', 'Pham', 'Liu', 'Huang', 'Cho',
      'Yoon'],
  },
  filipino: {
    men: ['Jose', 'Mark', 'John Paul', 'Carlo', 'Rafael', 'Joshua', 'Paolo', 'Christian', 'Jericho', 'Angelo',
      'Marvin', 'Renz'],
    women: ['Kristine', 'Angelica', 'Joy', 'Mary Grace', 'Jasmine', 'Camille', 'Patricia', 'Bea', 'Rowena',
      'Liezl', 'Maricel', 'Aileen'],
    lastNames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Villanueva', 'Aquino', 'Dela Cruz', 'Ramos',
      'Manalo', 'Castro', 'Tolentino', 'Mercado'],
  },
  nigerian: {
    men: ['Chinedu', 'Emeka', 'Oluwaseun', 'Tunde', 'Ifeanyi', 'Chukwuemeka', 'Adebayo', 'Femi', 'Obinna',
      'Kelechi', 'Samuel', 'Tobi'],
    women: ['Chioma', 'Adaeze', 'Funmilayo', 'Ngozi', 'Temitope', 'Blessing', 'Favour', 'Amarachi', 'Yetunde',
      'Ifeoma', 'Precious', 'Oluwakemi'],
    lastNames: ['Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Eze', 'Nwosu', 'Ogunleye', 'Obi', 'Chukwu', 'Oladipo',
      'Afolabi', 'Onyekachi'],
  },
  ghanaian: {
    men: ['Kwame', 'Kofi', 'Kwabena', 'Yaw', 'Kojo', 'Nana', 'Emmanuel', 'Ebenezer'],
    women: ['Ama', 'Akosua', 'Abena', 'Efua', 'Esi', 'Adwoa', 'Afua', 'Priscilla'],
    lastNames: ['Mensah', 'Asante', 'Owusu', 'Boateng', 'Osei', 'Addo', 'Agyeman', 'Acheampong'],
  },
  kenyan: {
    men: ['Brian', 'Collins', 'Dennis', 'Kevin', 'Emmanuel', 'Stephen', 'Kiprono', 'Joseph', 'Felix', 'Victor'],
    women: ['Faith', 'Mercy', 'Wanjiku', 'Akinyi', 'Njeri', 'Achieng', 'Purity', 'Cynthia', 'Sharon', 'Winnie'],
    lastNames: ['Otieno', 'Kamau', 'Mwangi', 'Odhiambo', 'Wanjala', 'Kiplagat', 'Njoroge', 'Mutua', 'Ochieng',
      'Kariuki', 'Chebet', 'Wambui'],
  },
  german: {
    men: ['Lukas', 'Jonas', 'Tobias', 'Matthias', 'Felix', 'Johannes', 'Stefan', 'Florian', 'Andreas', 'Simon',
      'Benedikt'],
    women: ['Lena', 'Johanna', 'Katharina', 'Miriam', 'Sophie', 'Leonie', 'Theresa', 'Lea', 'Franziska', 'Anna'],
    lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Wagner', 'Hoffmann', 'Schulz',
      'Koch', 'Richter', 'Neumann'],
  },
  brazilian: {
    men: ['João', 'Pedro', 'Lucas', 'Thiago', 'Mateus', 'Felipe', 'Gustavo', 'Bruno', 'André', 'Caio'],
    women: ['Júlia', 'Beatriz', 'Mariana', 'Larissa', 'Letícia', 'Fernanda', 'Juliana', 'Raquel', 'Débora',
      'Camila'],
    lastNames: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Almeida', 'Ferreira', 'Carvalho',
      'Lima', 'Ribeiro'],
  },
} satisfies Record<string, NamePool>

/** Where a member's names come from: names follow the member's background, not just the city. */
export type Heritage = keyof typeof namePools
