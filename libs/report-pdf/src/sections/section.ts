import { operations, type OperationId, type z } from '@pds/contracts';
import { contentWidthPt, ensureSpace, ink, margin, style, type Doc } from '../layout';
import type { DataOf, ReportModel, ReportModelSection } from '../model';

// What every section drawer shares: its operation (whose schema its data is parsed with, so a model of the wrong
// shape fails loudly rather than printing nonsense), the heading bar, and the line naming the API call that gives
// the same figures.

export interface SectionContext {
  doc: Doc;
  model: ReportModel;
  section: ReportModelSection;
  brand: string;
}

export interface SectionDrawer {
  operationId: OperationId;
  draw: (context: SectionContext) => void;
}

/** The `data` schema of an operation's success answer. */
export const dataSchemaOf = (operationId: OperationId): z.ZodTypeAny => {
  const envelope = operations[operationId].response.schema as unknown as z.ZodObject<{ data: z.ZodTypeAny }>;
  const data = envelope.shape?.data;
  if (!data) throw new Error(`${operationId} answers no JSON data`);
  return data;
};

/** Parses a section's data with its operation's schema: a wrong shape throws, naming the section. */
export const parseData = <K extends OperationId>(operationId: K, section: ReportModelSection): DataOf<K> => {
  const result = dataSchemaOf(operationId).safeParse(section.data);
  if (!result.success) throw new Error(`section ${section.name}: data is not ${operationId}'s answer: ${result.error.message}`);
  return result.data as DataOf<K>;
};

export const defineDrawer = <K extends OperationId>(
  operationId: K,
  draw: (context: SectionContext, data: DataOf<K>) => void,
): SectionDrawer => ({ operationId, draw: (context) => draw(context, parseData(operationId, context.section)) });

/** The section's heading: a bar in the brand colour with the title in white. */
export const sectionHeading = (doc: Doc, title: string, brand: string) => {
  ensureSpace(doc, 120);
  if (doc.y > margin.top + 1) doc.moveDown(1);
  const y = doc.y;
  doc.rect(margin.left, y, contentWidthPt, 24).fill(brand);
  style(doc, 'bold', 13, '#ffffff').text(title, margin.left + 8, y + 6, { width: contentWidthPt - 16, lineBreak: false });
  doc.x = margin.left;
  doc.y = y + 32;
};

const inputText = (input: Record<string, unknown>): string =>
  Object.entries(input)
    .map(([key, value]) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(', ');

/** The API call that gives the same figures, in small type under the section. */
export const sourceNote = (doc: Doc, section: ReportModelSection) => {
  const text = `Same figures from the API: ${section.source.operationId} (${inputText(section.source.input)}).`;
  style(doc, 'italic', 7.5, ink.muted);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidthPt }) + 4);
  doc.text(text, margin.left, doc.y, { width: contentWidthPt });
  doc.moveDown(0.4);
};

/** A caption in small muted type. */
export const caption = (doc: Doc, text: string) => {
  style(doc, 'italic', 8, ink.muted);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidthPt }) + 4);
  doc.text(text, margin.left, doc.y, { width: contentWidthPt });
  doc.moveDown(0.4);
};

/** Another section of the same model, when assembled: a chart may draw on it (the HPI under the sales). */
export const assembledSection = (model: ReportModel, name: ReportModelSection['name']) =>
  model.sections.find((s) => s.name === name && s.state === 'assembled') ?? null;
