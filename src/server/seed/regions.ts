import type { Denomination } from '#shared/schemas/profile-options.ts'
import type { Heritage } from './names.ts'

/** City names as the gazetteer spells them, so `findPlace` resolves every one (a unit test checks). */
type CityEntry = readonly [city: string, stateCode: string, weight?: number]

export interface Region {
  country: string
  /** Relative share of the generated members who live here. */
  share: number
  heritages: Partial<Record<Heritage, number>>
  denominations: Partial<Record<Denomination, number>>
  cities: readonly CityEntry[]
}

export const regions: readonly Region[] = [
  {
    country: 'US',
    share: 90,
    heritages: {
      anglo: 46, africanAmerican: 22, hispanic: 15, eastAsian: 6, filipino: 4, caribbean: 3, nigerian: 3, ghanaian: 1,
    },
    denominations: {
      'seventh-day-adventist': 36, baptist: 17, 'non-denominational': 17, catholic: 7, methodist: 6, pentecostal: 5,
      presbyterian: 4, 'assemblies-of-god': 4, 'church-of-christ': 4, protestant: 4, lutheran: 3, orthodox: 2,
      anglican: 1,
    },
    cities: [
      ['Nashville', 'TN', 3], ['Memphis', 'TN'], ['Chattanooga', 'TN'], ['Knoxville', 'TN'], ['Collegedale', 'TN'],
      ['Atlanta', 'GA', 4], ['Savannah', 'GA'], ['Huntsville', 'AL', 2], ['Birmingham', 'AL'], ['Phoenix', 'AZ', 2],
      ['Tucson', 'AZ'], ['Los Angeles', 'CA', 3], ['San Diego', 'CA', 2], ['Sacramento', 'CA'],
      ['Loma Linda', 'CA', 2], ['Riverside', 'CA'], ['Fresno', 'CA'], ['Denver', 'CO', 2], ['Colorado Springs', 'CO'],
      ['Washington, D.C.', 'DC', 2], ['Jacksonville', 'FL'], ['Orlando', 'FL', 2], ['Tampa', 'FL'], ['Miami', 'FL', 2],
      ['Chicago', 'IL', 3], ['Indianapolis', 'IN'], ['Louisville', 'KY'], ['Baton Rouge', 'LA'], ['New Orleans', 'LA'],
      ['Baltimore', 'MD'], ['Silver Spring', 'MD', 2], ['Boston', 'MA', 2], ['Detroit', 'MI', 2],
      ['Grand Rapids', 'MI'], ['Berrien Springs', 'MI'], ['Minneapolis', 'MN'], ['Jackson', 'MS'],
      ['Kansas City', 'MO'], ['St. Louis', 'MO'], ['Omaha', 'NE'], ['Lincoln', 'NE'], ['Charlotte', 'NC', 2],
      ['Raleigh', 'NC'], ['Durham', 'NC'], ['Newark', 'NJ'], ['Albuquerque', 'NM'], ['New York City', 'NY', 3],
      ['Brooklyn', 'NY', 2], ['Buffalo', 'NY'], ['Columbus', 'OH'], ['Cincinnati', 'OH'], ['Cleveland', 'OH'],
      ['Oklahoma City', 'OK'], ['Tulsa', 'OK'], ['Portland', 'OR', 2], ['Philadelphia', 'PA', 2], ['Pittsburgh', 'PA'],
      ['Charleston', 'SC'], ['Greenville', 'SC'], ['Columbia', 'SC'], ['Dallas', 'TX', 3], ['Houston', 'TX', 3],
      ['San Antonio', 'TX', 2], ['Austin', 'TX', 2], ['Keene', 'TX'], ['Salt Lake City', 'UT'], ['Richmond', 'VA'],
      ['Virginia Beach', 'VA'], ['Seattle', 'WA', 2], ['Spokane', 'WA'], ['Walla Walla', 'WA'], ['Milwaukee', 'WI'],
      ['Boise', 'ID'], ['Las Vegas', 'NV'], ['Little Rock', 'AR'], ['Des Moines', 'IA'], ['Wichita', 'KS'],
      ['Honolulu', 'HI'], ['Anchorage', 'AK'],
    ],
  },
  {
    country: 'CA',
    share: 2,
    heritages: { anglo: 60, caribbean: 15, filipino: 10, eastAsian: 10, nigerian: 5 },
    denominations: {
      'non-denominational': 25, 'seventh-day-adventist': 20, anglican: 15, catholic: 15, baptist: 10, pentecostal: 10,
      presbyterian: 5,
    },
    cities: [['Toronto', 'ON', 3], ['Ottawa', 'ON'], ['Vancouver', 'BC', 2], ['Calgary', 'AB'], ['Winnipeg', 'MB']],
  },
  {
    country: 'GB',
    share: 2,
    heritages: { anglo: 60, caribbean: 15, nigerian: 15, ghanaian: 10 },
    denominations: {
      anglican: 30, 'seventh-day-adventist': 20, pentecostal: 15, 'non-denominational': 15, baptist: 8, methodist: 7,
      catholic: 5,
    },
    cities: [
      ['London', 'ENG', 3], ['Manchester', 'ENG'], ['Birmingham', 'ENG'], ['Leeds', 'ENG'], ['Glasgow', 'SCT'],
      ['Edinburgh', 'SCT'],
    ],
  },
  {
    country: 'AU',
    share: 1,
    heritages: { anglo: 75, eastAsian: 10, filipino: 10, kenyan: 5 },
    denominations: {
      anglican: 25, 'non-denominational': 20, 'seventh-day-adventist': 20, catholic: 15, pentecostal: 10, baptist: 10,
    },
    cities: [['Sydney', 'NSW', 2], ['Melbourne', 'VIC', 2], ['Brisbane', 'QLD'], ['Perth', 'WA']],
  },
  {
    country: 'DE',
    share: 1,
    heritages: { german: 100 },
    denominations: {
      lutheran: 40, catholic: 25, protestant: 15, 'seventh-day-adventist': 10, 'non-denominational': 10,
    },
    cities: [['Berlin', 'BE'], ['Hamburg', 'HH'], ['Munich', 'BY'], ['Köln', 'NW'], ['Frankfurt am Main', 'HE']],
  },
  {
    country: 'NG',
    share: 1.5,
    heritages: { nigerian: 100 },
    denominations: {
      pentecostal: 30, anglican: 20, 'seventh-day-adventist': 15, catholic: 15, baptist: 15, methodist: 5,
    },
    cities: [['Lagos', 'LA', 3], ['Abuja', 'FC', 2], ['Ibadan', 'OY'], ['Port Harcourt', 'RI'], ['Enugu', 'EN']],
  },
  {
    country: 'KE',
    share: 1.5,
    heritages: { kenyan: 100 },
    denominations: { 'seventh-day-adventist': 35, anglican: 20, pentecostal: 20, catholic: 15, protestant: 10 },
    cities: [['Nairobi', '30', 3], ['Mombasa', '28'], ['Kisumu', '17'], ['Nakuru', '31'], ['Eldoret', '44']],
  },
  {
    country: 'PH',
    share: 1,
    heritages: { filipino: 100 },
    denominations: {
      catholic: 30, 'seventh-day-adventist': 30, baptist: 15, 'non-denominational': 15, 'assemblies-of-god': 10,
    },
    cities: [['Manila', 'NCR', 2], ['Quezon City', 'NCR'], ['Makati', 'NCR'], ['Davao', '11'], ['Baguio', '15']],
  },
  {
    country: 'BR',
    share: 1,
    heritages: { brazilian: 100 },
    denominations: { 'seventh-day-adventist': 30, 'assemblies-of-god': 30, catholic: 20, baptist: 10, pentecostal: 10 },
    cities: [
      ['São Paulo', 'SP', 2], ['Rio de Janeiro', 'RJ'], ['Belo Horizonte', 'MG'], ['Brasília', 'DF'],
      ['Salvador', 'BA'],
    ],
  },
  {
    country: 'JM',
    share: 0.5,
    heritages: { caribbean: 100 },
    denominations: { 'seventh-day-adventist': 45, pentecostal: 25, baptist: 15, anglican: 15 },
    cities: [['Kingston', '01']],
  },
  {
    country: 'GH',
    share: 0.5,
    heritages: { ghanaian: 100 },
    denominations: { pentecostal: 30, 'seventh-day-adventist': 20, methodist: 20, catholic: 15, presbyterian: 15 },
    cities: [['Accra', 'AA']],
  },
]
