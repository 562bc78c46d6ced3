// Scripture is quoted from the King James Version (public domain).

export const storyCategoryIds = ['covenant', 'faithfulness', 'providence', 'devotion', 'restoration'] as const
export type StoryCategory = (typeof storyCategoryIds)[number]

export type BadgeColor = 'brand' | 'accent' | 'success' | 'info' | 'warning'

export const storyCategories = {
  covenant: { label: 'Covenant', badgeColor: 'brand' },
  faithfulness: { label: 'Faithfulness', badgeColor: 'success' },
  providence: { label: 'Providence', badgeColor: 'info' },
  devotion: { label: 'Devotion', badgeColor: 'accent' },
  restoration: { label: 'Restoration', badgeColor: 'warning' },
} as const satisfies Record<StoryCategory, { label: string; badgeColor: BadgeColor }>

export interface ScriptureStory {
  id: string
  names: string
  reference: string
  story: string
  fullStory: readonly string[]
  lesson: string
  practicalApplication: string
  category: StoryCategory
  verse: string
  verseReference: string
}

// The first story is the landing page's featured 'Biblical Love Story'.
export const scriptureStories = [
  {
    id: 'boaz-and-ruth',
    names: 'Boaz & Ruth',
    reference: 'Ruth 1-4',
    story:
      'A widowed Moabite who chose Naomi’s God gleans in the field of Boaz, a kinsman who protects her, honours her and redeems the family line in public.',
    fullStory: [
      'In the days when the judges ruled, a famine drove Elimelech, his wife Naomi and their two sons from Bethlehem to Moab. The sons married Moabite women, Orpah and Ruth, and within about ten years Elimelech and both sons had died. When Naomi decided to go home, Orpah kissed her goodbye, but Ruth clave to her: “whither thou goest, I will go; and where thou lodgest, I will lodge: thy people shall be my people, and thy God my God” (Ruth 1:16).',
      'The two widows reached Bethlehem at the beginning of barley harvest. Ruth went out to glean behind the reapers, and “her hap was to light on a part of the field belonging unto Boaz, who was of the kindred of Elimelech” (2:3). Boaz had heard how she had cared for her mother-in-law. He prayed that the LORD God of Israel, under whose wings she had come to trust, would reward her; he invited her to eat with his reapers, charged his young men not to touch her, and had them let handfuls fall on purpose for her to gather (2:8-16).',
      'At the end of the harvest Naomi sent Ruth to the threshing floor at night. Ruth lay down at Boaz’s feet and asked him to spread his skirt over her, “for thou art a near kinsman” (3:9). Boaz praised her for not following young men, rich or poor, and promised to do all she asked, for all the city knew she was a virtuous woman. But there was a kinsman nearer than he, who had the first right to redeem (3:10-13).',
      'The next morning Boaz sat in the city gate before ten elders. The nearer kinsman declined to redeem, and Boaz bought all that had been Elimelech’s and took Ruth to be his wife before witnesses (4:1-10). The LORD gave them a son, Obed, the father of Jesse, the father of David (4:13-17), and Ruth is named in the genealogy of Jesus Christ (Matthew 1:5).',
    ],
    lesson:
      'God’s providence works through ordinary faithfulness: Ruth’s loyalty and Boaz’s integrity met in a harvest field, and God wrote them into the story of redemption.',
    practicalApplication:
      'Be faithful where God has put you today, and look for someone whose kindness is already known by the people around them. Let commitment be made openly, before witnesses, as Boaz did.',
    category: 'providence',
    verse:
      'And now, my daughter, fear not; I will do to thee all that thou requirest: for all the city of my people doth know that thou art a virtuous woman.',
    verseReference: 'Ruth 3:11',
  },
  {
    id: 'adam-and-eve',
    names: 'Adam & Eve',
    reference: 'Genesis 2:18-25',
    story:
      'God declares that it is not good for the man to be alone, forms the woman and brings her to him: the first marriage, designed by God Himself.',
    fullStory: [
      'After the LORD God formed the man and put him in the garden of Eden to dress it and keep it, He said, “It is not good that the man should be alone; I will make him an help meet for him” (Genesis 2:18). God brought every beast of the field and every fowl of the air to Adam to see what he would call them, and Adam gave names to them all. But for Adam there was not found an help meet for him (2:19-20).',
      'So the LORD God caused a deep sleep to fall upon Adam, took one of his ribs and closed up the flesh. From the rib He made a woman and brought her to the man (2:21-22). Adam said, “This is now bone of my bones, and flesh of my flesh: she shall be called Woman, because she was taken out of Man” (2:23).',
      'Scripture then states the pattern for every marriage after them: a man shall leave his father and his mother, cleave unto his wife, and they shall be one flesh. The man and his wife were both naked and were not ashamed (2:24-25). When Jesus was asked about divorce, He quoted these words and added, “What therefore God hath joined together, let not man put asunder” (Matthew 19:4-6).',
    ],
    lesson:
      'Marriage is God’s idea. He saw the need, made a fitting partner, brought them together and defined the union as leaving, cleaving and becoming one.',
    practicalApplication:
      'Pray for the spouse God may be preparing for you, and ask Him to prepare you as well: ready to leave, to cleave and to build a oneness with nothing to hide.',
    category: 'covenant',
    verse: 'Therefore shall a man leave his father and his mother, and shall cleave unto his wife: and they shall be one flesh.',
    verseReference: 'Genesis 2:24',
  },
  {
    id: 'abraham-and-sarah',
    names: 'Abraham & Sarah',
    reference: 'Genesis 12:1-5; 16:1-6; 17:1-19; 18:9-15; 21:1-7',
    story:
      'Called to leave their homeland together, they waited twenty-five years for the son God promised, and Isaac was born when Abraham was a hundred.',
    fullStory: [
      'The LORD told Abram to leave his country, his kindred and his father’s house for a land He would show him, promising to make of him a great nation. Abram departed at seventy-five years old and took Sarai his wife with him (Genesis 12:1-5). But Sarai was barren, and the years went by.',
      'The waiting tested them. Sarai gave her Egyptian maid Hagar to Abram so that she might obtain children by her, and when Hagar conceived, the household was filled with contempt and grief (16:1-6). Yet God did not withdraw His promise. He renamed them Abraham and Sarah and declared that Sarah herself would bear a son, to be called Isaac, with whom He would establish His everlasting covenant (17:5, 15-19).',
      'When the LORD repeated the promise at their tent door, Sarah, well past the age of childbearing, laughed within herself. The LORD answered, “Is any thing too hard for the LORD?” (18:9-15). At the set time Sarah conceived and bore Abraham a son in his old age. Abraham was a hundred years old, and Sarah said, “God hath made me to laugh, so that all that hear will laugh with me” (21:1-7).',
    ],
    lesson: 'God keeps His covenant even when a couple’s patience runs out. Their shortcut brought sorrow; His promise brought laughter.',
    practicalApplication:
      'When waiting for marriage or for a promise within marriage feels long, resist the shortcuts. Bring the delay to God together and keep trusting that He is faithful who promised.',
    category: 'covenant',
    verse:
      'Through faith also Sara herself received strength to conceive seed, and was delivered of a child when she was past age, because she judged him faithful who had promised.',
    verseReference: 'Hebrews 11:11',
  },
  {
    id: 'isaac-and-rebekah',
    names: 'Isaac & Rebekah',
    reference: 'Genesis 24',
    story:
      'Abraham’s servant prays at a well for a sign, and Rebekah answers it to the letter: a marriage arranged by prayer and confirmed by God’s leading.',
    fullStory: [
      'When Abraham was old, he made his eldest servant swear not to take a wife for Isaac from the Canaanites, but to go to his own country and kindred (Genesis 24:1-4). The servant took ten camels to the city of Nahor in Mesopotamia and made them kneel by a well at evening, the time when the women came out to draw water.',
      'There he prayed that the young woman who answered his request for a drink by saying, “Drink, and I will give thy camels drink also,” would be the one God had appointed for Isaac (24:12-14). Before he had done speaking, Rebekah came out with her pitcher. She gave him water and drew for all his camels. She was the granddaughter of Nahor, Abraham’s brother, and the servant bowed his head and worshipped the LORD who had led him (24:15-27).',
      'In her family’s house the servant told the whole story, and her brother Laban and her father Bethuel answered, “The thing proceedeth from the LORD” (24:50). When the family asked Rebekah whether she would go with this man, she said, “I will go” (24:58).',
      'Isaac had gone out to meditate in the field at eventide when he saw the camels coming. Rebekah took a veil and covered herself. Isaac brought her into his mother Sarah’s tent, she became his wife, and he loved her (24:63-67).',
    ],
    lesson:
      'God guides those who seek Him in prayer. Rebekah’s generous character and willing heart were the answer long before anyone spoke of marriage.',
    practicalApplication:
      'Pray specifically about the person you hope to marry, involve your families and people of faith, and pay attention to character shown in small kindnesses.',
    category: 'providence',
    verse:
      "And Isaac brought her into his mother Sarah's tent, and took Rebekah, and she became his wife; and he loved her: and Isaac was comforted after his mother's death.",
    verseReference: 'Genesis 24:67',
  },
  {
    id: 'jacob-and-rachel',
    names: 'Jacob & Rachel',
    reference: 'Genesis 29:1-30',
    story: 'Jacob serves seven years for Rachel and they seem but a few days to him; deceived on his wedding night, he serves seven more.',
    fullStory: [
      'Fleeing from his brother Esau, Jacob came to a well in the east where shepherds watered their flocks. When he saw Rachel, the daughter of his mother’s brother Laban, coming with her father’s sheep, he rolled the stone from the well’s mouth, watered the flock, kissed Rachel and wept (Genesis 29:1-12).',
      'Laban had two daughters: Leah the elder, who was tender eyed, and Rachel, who was beautiful and well favoured. Jacob loved Rachel and offered to serve Laban seven years for her. “And Jacob served seven years for Rachel; and they seemed unto him but a few days, for the love he had to her” (29:16-20).',
      'On the wedding night Laban brought Leah instead. In the morning Jacob asked, “Wherefore then hast thou beguiled me?” Laban answered that in his country the younger was not given before the firstborn. After Leah’s week Jacob received Rachel as well and served Laban another seven years (29:21-30).',
      'Scripture does not hide the cost of that deception: Jacob loved Rachel more than Leah, and rivalry between the sisters marked the household for years (29:30-30:24). Rachel, long barren, at last bore Joseph, and later died giving birth to Benjamin (30:22-24; 35:16-19).',
    ],
    lesson:
      'Real love is patient and willing to sacrifice; fourteen years of labour felt light to Jacob. The deceit around this marriage also shows the lasting harm of dishonesty and favouritism.',
    practicalApplication:
      'Let your love be measured by patient service rather than impatience, and build your relationship in the open, with honesty toward every family involved.',
    category: 'devotion',
    verse: 'And Jacob served seven years for Rachel; and they seemed unto him but a few days, for the love he had to her.',
    verseReference: 'Genesis 29:20',
  },
  {
    id: 'solomon-and-the-shulammite',
    names: 'Solomon & the Shulammite',
    reference: 'Song of Solomon 1-8',
    story: 'A song of a bride and her beloved delighting in each other, with a repeated charge not to awaken love before its time.',
    fullStory: [
      'The Song of Songs, “which is Solomon’s” (Song of Solomon 1:1), is a poem of love between a bride, called the Shulamite (6:13), and her beloved, pictured as King Solomon on “the day of his espousals” (3:11). The two speak of each other with open delight. He tells her, “Thou art all fair, my love; there is no spot in thee” (4:7), and she answers, “My beloved is mine, and I am his” (2:16).',
      'Three times the bride charges the daughters of Jerusalem “that ye stir not up, nor awake my love, till he please” (2:7; 3:5; 8:4). Desire is good, but it has its season.',
      'The Song closes with a vow of exclusive, unbreakable love: “Set me as a seal upon thine heart, as a seal upon thine arm: for love is strong as death” (8:6), and “Many waters cannot quench love” (8:7). Solomon himself later multiplied wives, and they turned away his heart (1 Kings 11:3-4). The Song holds up the single, faithful love he did not keep.',
    ],
    lesson: 'Romantic love and delight between husband and wife are a gift from God, strongest when they are exclusive and waited for.',
    practicalApplication:
      'Guard your heart and your purity now, so that when love is awakened it can be given whole to one person for life.',
    category: 'devotion',
    verse:
      'Many waters cannot quench love, neither can the floods drown it: if a man would give all the substance of his house for love, it would utterly be contemned.',
    verseReference: 'Song of Solomon 8:7',
  },
  {
    id: 'hosea-and-gomer',
    names: 'Hosea & Gomer',
    reference: 'Hosea 1-3',
    story:
      'The prophet Hosea marries Gomer, who is unfaithful; God sends him to love her again and buy her back, a living picture of God’s love for His people.',
    fullStory: [
      'The LORD told the prophet Hosea to take a wife of whoredoms, a sign of how Israel had departed from the LORD. Hosea married Gomer the daughter of Diblaim, and the names of their children, Jezreel, Lo-ruhamah and Lo-ammi, became messages of judgement to the nation (Hosea 1:2-9).',
      'In chapter 2 the LORD speaks as a wronged husband to unfaithful Israel, yet promises to allure her, speak comfortably to her and renew the covenant: “I will betroth thee unto me for ever” (2:14-20). Those who were called “not my people” will be called “my people” again (2:23).',
      'Then the LORD said to Hosea, “Go yet, love a woman beloved of her friend, yet an adulteress, according to the love of the LORD toward the children of Israel” (3:1). Most readers understand her to be Gomer. Hosea bought her for fifteen pieces of silver and a homer and a half of barley, and told her she would abide for him many days and be for no other man, “so will I also be for thee” (3:2-3).',
    ],
    lesson:
      'Covenant love pursues, pays the price and restores. Hosea’s costly love for Gomer mirrors God’s love for people who have wandered from Him.',
    practicalApplication:
      'No past is beyond God’s redemption, yours or a future spouse’s. Restoration in Hosea came with a clear new commitment on both sides; forgiveness and faithfulness go together.',
    category: 'restoration',
    verse:
      'Then said the LORD unto me, Go yet, love a woman beloved of her friend, yet an adulteress, according to the love of the LORD toward the children of Israel, who look to other gods, and love flagons of wine.',
    verseReference: 'Hosea 3:1',
  },
  {
    id: 'joseph-and-mary',
    names: 'Joseph & Mary',
    reference: 'Matthew 1:18-25',
    story:
      'Betrothed to Mary and finding her with child, the just man Joseph plans a quiet divorce until an angel tells him to take her as his wife, and he obeys.',
    fullStory: [
      'Mary was espoused to Joseph, and before they came together she was found with child of the Holy Ghost (Matthew 1:18). Joseph, “being a just man, and not willing to make her a publick example, was minded to put her away privily” (1:19).',
      'While he thought on these things, the angel of the Lord appeared to him in a dream: “Joseph, thou son of David, fear not to take unto thee Mary thy wife: for that which is conceived in her is of the Holy Ghost” (1:20). The son was to be called JESUS, for He would save His people from their sins, fulfilling Isaiah’s word that a virgin would bring forth a son called Emmanuel, God with us (1:21-23).',
      'Joseph rose from sleep, did as the angel had bidden him and took Mary as his wife. He knew her not until she had brought forth her firstborn son, and he called His name JESUS (1:24-25). Joseph went on to protect his family, taking Mary and the child to Egypt when the angel warned him of Herod (2:13-15).',
    ],
    lesson:
      'Faithfulness means obeying God when it costs your reputation, and protecting the dignity of the person you love even when you do not yet understand.',
    practicalApplication:
      'When a hard decision comes in a relationship, choose mercy over public shame, seek God before acting, and follow through promptly when He makes the way clear.',
    category: 'faithfulness',
    verse:
      'But while he thought on these things, behold, the angel of the Lord appeared unto him in a dream, saying, Joseph, thou son of David, fear not to take unto thee Mary thy wife: for that which is conceived in her is of the Holy Ghost.',
    verseReference: 'Matthew 1:20',
  },
  {
    id: 'zechariah-and-elizabeth',
    names: 'Zechariah & Elizabeth',
    reference: 'Luke 1:5-25, 57-66',
    story:
      'A priest and his wife, righteous and childless into old age, keep serving God together until He answers their prayer with John the Baptist.',
    fullStory: [
      'In the days of Herod there lived a priest named Zacharias and his wife Elisabeth, a daughter of Aaron. They were both righteous before God, walking in all His commandments blameless, yet they had no child, and both were well stricken in years (Luke 1:5-7).',
      'While Zacharias burned incense in the temple, the angel Gabriel appeared to him: “Fear not, Zacharias: for thy prayer is heard; and thy wife Elisabeth shall bear thee a son, and thou shalt call his name John” (1:13). Because he did not believe, Zacharias was left unable to speak until the promise was fulfilled (1:18-20). Elisabeth conceived and said the Lord had taken away her reproach among men (1:24-25).',
      'When the child was born and the relatives wanted to call him Zacharias after his father, Elisabeth said, “Not so; but he shall be called John.” Zacharias asked for a writing table and wrote, “His name is John,” and immediately his mouth was opened and he praised God (1:57-64).',
    ],
    lesson:
      'A couple can stay faithful to God through long disappointment. Their shared obedience, even to naming their son as God said, showed a marriage united around His word.',
    practicalApplication:
      'Look for a spouse whose faith holds when prayers seem unanswered, and practise now the habit of agreeing together on what God has said.',
    category: 'faithfulness',
    verse: 'And they were both righteous before God, walking in all the commandments and ordinances of the Lord blameless.',
    verseReference: 'Luke 1:6',
  },
  {
    id: 'priscilla-and-aquila',
    names: 'Priscilla & Aquila',
    reference: 'Acts 18:1-3, 18-26; Romans 16:3-5',
    story:
      'Tentmakers expelled from Rome, they work beside Paul, teach Apollos and risk their own necks for the apostle: a marriage of shared work and ministry.',
    fullStory: [
      'Aquila, a Jew born in Pontus, had lately come from Italy with his wife Priscilla, because Claudius had commanded all Jews to depart from Rome. In Corinth Paul came to them, and because he was of the same craft he stayed and worked with them, for by occupation they were tentmakers (Acts 18:1-3).',
      'They sailed with Paul to Ephesus (18:18-19). There an eloquent Jew named Apollos, mighty in the scriptures but knowing only the baptism of John, began to speak boldly in the synagogue. When Aquila and Priscilla heard him, they took him unto them and expounded unto him the way of God more perfectly (18:24-26).',
      'Years later Paul greeted them as his helpers in Christ Jesus, who had laid down their own necks for his life, and for whom all the churches of the Gentiles gave thanks. A church met in their house (Romans 16:3-5; 1 Corinthians 16:19).',
    ],
    lesson:
      'A marriage can be a team in God’s work: Priscilla and Aquila shared a trade, a home, a ministry and the risks of following Christ.',
    practicalApplication:
      'Ask how your gifts and a future spouse’s could serve God together, and start opening your home and your time to others now.',
    category: 'devotion',
    verse:
      'Greet Priscilla and Aquila my helpers in Christ Jesus: Who have for my life laid down their own necks: unto whom not only I give thanks, but also all the churches of the Gentiles.',
    verseReference: 'Romans 16:3-4',
  },
] as const satisfies readonly ScriptureStory[]
