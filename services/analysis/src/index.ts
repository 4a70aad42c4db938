export { calculateRenovationUplift, sqFtPerM2 } from './renovation-uplift/calculate';
