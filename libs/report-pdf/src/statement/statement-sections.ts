import { drawBarChart } from '../charts/bar-chart';
import { count, grouped } from '../format';
import { columns, contentWidthPt, ink, margin, paragraph, style, subheading, table, type Doc } from '../layout';
import type { StatementModel } from './statement-model';
import { pounds, shortDay, signedCredits, ukDateTime } from './statement-format';

// The statement's body, in the order a reader checks it: the three summaries (credits, Purchase Balance, payments),
// then the movements that make them up, the usage by operation and the credits charged each day.

type Figures = StatementModel['figures'];
const f = (figures: Figures, name: string): number => {
  const value = figures[name];
  if (value === undefined) throw new Error(`the statement has no figure ${name}`);
  return value;
};

export const drawSummaries = (doc: Doc, model: StatementModel, brand: string) => {
  const fig = model.figures;
  const two = (label: string) =>
    columns([
      [label, 3],
      ['Amount', 1, 'right'],
    ]);
  subheading(doc, 'Summary');
  table(
    doc,
    two('Credits'),
    [
      ['Opening balance', grouped(f(fig, 'opening_credits'))],
      ['Granted', signedCredits(f(fig, 'granted_credits'))],
      ['Refresh to the allowance (adjustment)', signedCredits(f(fig, 'refresh_adjustment_credits'))],
      ['Lapsed', signedCredits(-f(fig, 'lapsed_credits'))],
      ['Charged for calls and orders', signedCredits(-f(fig, 'charged_credits'))],
      ['Refunded', signedCredits(f(fig, 'refunded_credits'))],
      ['Closing balance', grouped(f(fig, 'closing_credits'))],
    ],
    brand,
  );
  table(
    doc,
    two('Purchase Balance'),
    [
      ['Opening balance', pounds(f(fig, 'opening_pence'))],
      ['Deposited', pounds(f(fig, 'deposited_pence'))],
      ['Refunded', pounds(f(fig, 'refunded_pence'))],
      ['Debt repaid from deposits', pounds(-f(fig, 'debt_repaid_pence'))],
      ['Taken for orders', pounds(-f(fig, 'captured_pence'))],
      ['Closing balance', pounds(f(fig, 'closing_pence'))],
      ['Debt recorded (owed; not taken from the balance)', pounds(f(fig, 'debt_recorded_pence'))],
    ],
    brand,
  );
  table(
    doc,
    two('Paid by card'),
    [
      ['Subscription', pounds(f(fig, 'subscription_payments_pence'))],
      ['Plan upgrades', pounds(f(fig, 'upgrade_payments_pence'))],
      ['Purchase Balance top-ups', pounds(f(fig, 'top_up_payments_pence'))],
      ['Not yet allocated', pounds(f(fig, 'unallocated_payments_pence'))],
      ['Total paid', pounds(f(fig, 'payments_pence'))],
    ],
    brand,
  );
};

export const drawMovements = (doc: Doc, model: StatementModel, brand: string) => {
  subheading(doc, 'Movements');
  if (model.movements.length === 0) return paragraph(doc, 'No movements this month besides the calls below.');
  table(
    doc,
    columns([
      ['When (UK time)', 2.2],
      ['What', 5],
      ['Reference', 2.6],
      ['Credits', 1.3, 'right'],
      ['Amount', 1.6, 'right'],
    ]),
    model.movements.map((m) => [
      ukDateTime(m.at),
      m.description,
      m.referenceId ?? '',
      m.amountCredits === 0 ? '' : signedCredits(m.amountCredits),
      m.amountPence === 0 ? '' : pounds(m.amountPence),
    ]),
    brand,
  );
  paragraph(
    doc,
    'Credits and pounds are signed as they moved your balances. A payment and a debt recorded move neither balance: they show the amount paid or owed.',
    'italic',
    8,
  );
};

export const drawUsage = (doc: Doc, model: StatementModel, brand: string) => {
  subheading(doc, 'Usage by operation');
  if (model.usageByOperation.length === 0) paragraph(doc, 'No charged calls this month.');
  else
    table(
      doc,
      columns([
        ['Operation', 4],
        ['Calls', 1.2, 'right'],
        ['Charges', 1.2, 'right'],
        ['Credits charged', 1.6, 'right'],
        ['Refunds', 1.2, 'right'],
        ['Credits refunded', 1.6, 'right'],
      ]),
      model.usageByOperation.map((u) => [
        u.operationId,
        u.calls === null ? '' : count(u.calls),
        count(u.charges),
        count(u.creditsCharged),
        count(u.refunds),
        count(u.creditsRefunded),
      ]),
      brand,
    );
  subheading(doc, 'Credits charged each day');
  drawBarChart(doc, {
    bars: model.creditsByDay.map((d) => ({ label: shortDay(d.day), value: d.creditsCharged })),
    colour: brand,
    labelWidthPt: 70,
    barHeightPt: 8,
  });
};

/** Label and value, one pair a line: an account id or an address is too long for half the page. */
export const drawHeader = (doc: Doc, model: StatementModel) => {
  const labelWidthPt = 110;
  const pairs: Array<[string, string]> = [
    ['Account', model.accountId],
    ['Customer', model.customerEmail ?? '—'],
    ['Plan', model.plan],
    ['Issued', ukDateTime(model.issuedAt)],
    ['Figures as of', model.asOfPosition === null ? 'the month’s end (final)' : `ledger position ${model.asOfPosition}`],
  ];
  for (const [label, value] of pairs) {
    const y = doc.y;
    style(doc, 'body', 9.5, ink.muted).text(label, margin.left, y, { width: labelWidthPt - 4, lineBreak: false });
    style(doc, 'bold', 9.5).text(value, margin.left + labelWidthPt, y, { width: contentWidthPt - labelWidthPt });
    doc.y = Math.max(doc.y, y + 14);
  }
  doc.x = margin.left;
  doc.moveDown(0.3);
};
