import { simpleFreehold } from './simple-freehold';

// Registers for three titles in the demo region (Reading, RG30), so that the boundary lookup can be tried on the demo
// data end to end. The addresses are real (they are in HM Land Registry's Price Paid Data, which the demo region
// loads); the registers, proprietors and charges are fictional, and no real register of these addresses was used.
// 250 Oxford Road has two freehold titles (the house, and a strip of land behind it bought separately), so a search
// for it finds both: the ambiguous case of the boundary lookup.

export const oxfordRoad194 = simpleFreehold({
  county: 'READING',
  district: 'READING',
  office: 'Gloucester Office',
  titleNumber: 'BK301194',
  described: '194 Oxford Road, Reading (RG30 1AA)',
  edition: '2019-06-21',
  proprietor: 'MARGARET ANNE FENWICK of 194 Oxford Road, Reading RG30 1AA',
  pricePaid: 'The price stated to have been paid on 7 June 2019 was £312,000.',
});

export const oxfordRoad250 = simpleFreehold({
  county: 'READING',
  district: 'READING',
  office: 'Gloucester Office',
  titleNumber: 'BK302250',
  described: '250 Oxford Road, Reading (RG30 1AB)',
  edition: '2008-02-11',
  proprietor: 'DAVID OKONKWO and PRIYA OKONKWO of 250 Oxford Road, Reading RG30 1AB',
});

export const oxfordRoad250Rear = simpleFreehold({
  county: 'READING',
  district: 'READING',
  office: 'Gloucester Office',
  titleNumber: 'BK302251',
  described: 'land at the rear of 250 Oxford Road, Reading (RG30 1AB)',
  edition: '2012-09-03',
  proprietor: 'DAVID OKONKWO and PRIYA OKONKWO of 250 Oxford Road, Reading RG30 1AB',
});
