import type { Operation } from '../rest/operation';
import { dataOperations } from '../rest/data-operations';
import { reportPlans, reportPrices, type ReportType } from './sections';

// A report's fixed price against what its sections would cost called one by one: the price is below that sum (a pack
// is worth buying whole), and both figures are written into the operation's description from here.

/** The credits of the operations a type of report draws on, each called once as its section is. */
export const sumOfSections = (type: ReportType): number =>
  reportPlans[type].reduce((sum, { operationId }) => {
    const operation = (dataOperations as Record<string, Operation>)[operationId];
    if (!operation) throw new Error(`report section drawn from an undeclared operation: ${operationId}`);
    return sum + (operation.cost.kind === 'per_call' ? operation.cost.credits : 0);
  }, 0);

/** "`property-pack` 90 credits (its 16 sections called one by one: 120)" for each type. */
export const priceLines = (): string[] =>
  (Object.keys(reportPlans) as ReportType[]).map(
    (type) =>
      `- \`${type}\`: **${reportPrices[type]} credits**; its ${reportPlans[type].length} sections called one by one would cost ${sumOfSections(type)}`,
  );
