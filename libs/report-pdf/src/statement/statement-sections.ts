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

/** The three summaries: a label, the figure, how it prints (its sign as it moved the balance). */
const summaries: ReadonlyArray<{ title: string; lines: ReadonlyArray<readonly [string, string, (n: number) => string]> }> = [
  {
    title: 'Credits',
    lines: [
      ['Opening balance', 'opening_credits', grouped],
      ['Granted', 'granted_credits', signedCredits],
      ['Refresh to the allowance (adjustment)', 'refresh_adjustment_credits', signedCredits],
      ['Lapsed', 'lapsed_credits', (n) => signedCredits(-n)],
      ['Charged for calls and orders', 'charged_credits', (n) => signedCredits(-n)],
      ['Refunded', 'refunded_credits', signedCredits],
      ['Closing balance', 'closing_credits', grouped],
    ],
  },
  {
    title: 'Purchase Balance',
    lines: [
      ['Opening balance', 'opening_pence', pounds],
      ['Deposited', 'deposited_pence', pounds],
      ['Refunded', 'refunded_pence', pounds],
      ['Debt repaid from deposits', 'debt_repaid_pence', (n) => pounds(-n)],
      ['Taken for orders', 'captured_pence', (n) => pounds(-n)],
      ['Closing balance', 'closing_pence', pounds],
      ['Debt recorded (owed; not taken from the balance)', 'debt_recorded_pence', pounds],
    ],
  },
  {
    title: 'Paid by card',
    lines: [
      ['Subscription', 'subscription_payments_pence', pounds],
      ['Plan upgrades', 'upgrade_payments_pence', pounds],
      ['Purchase Balance top-ups', 'top_up_payments_pence', pounds],
      ['Not yet allocated', 'unallocated_payments_pence', pounds],
      ['Total paid', 'payments_pence', pounds],
    ],
  },
];

export const drawSummaries = (doc: Doc, model: StatementModel, brand: string) => {
  subheading(doc, 'Summary');
  for (const { title, lines } of summaries) {
    const twoColumns = columns([
      [title, 3],
      ['Amount', 1, 'right'],
    ]);
    table(
      doc,
      twoColumns,
      lines.map(([label, figure, print]) => [label, print(f(model.figures, figure))]),
      brand,
    );
  }
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
