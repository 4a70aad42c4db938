export { checkLogo, maxLogoBytes, type LogoCheck } from './logo';
export type { DataOf, ReportBranding, ReportModel, ReportModelSection, SectionName } from './model';
export { maxPdfBytes, renderReport } from './render-report';
export { distinctSources } from './sources-page';
export { niceTicks, type Ticks } from './charts/ticks';
export { renderStatement, statementTitle } from './statement/render-statement';
export type { StatementModel, StatementMovementLine, StatementUsageLine } from './statement/statement-model';
export { RenderPool, RenderPoolBusy, type RenderLimits, type Rendered } from './render-pool';
