import type { Source } from '@pds/contracts';
import type pg from 'pg';
import { sha256Of } from './identifiers';

// What a report keeps beside its stream: the sections' answers, the logo, the rendered document. Each write is an
// upsert keyed by what it belongs to, so a step repeated after a crash writes the same row again.

export interface StoredAnswer {
  data: unknown;
  sources: Source[];
}

export class ReportStore {
  constructor(private readonly db: pg.Pool) {}

  /** Stores a section's answer; returns its SHA-256 (of the JSON stored), which the section's event records. */
  async saveSection(reportId: string, section: string, answer: StoredAnswer): Promise<string> {
    const json = JSON.stringify(answer);
    const sha256 = sha256Of(json);
    await this.db.query(
      `INSERT INTO report_sections (report_id, section, answer, sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT (report_id, section) DO UPDATE SET answer = EXCLUDED.answer, sha256 = EXCLUDED.sha256`,
      [reportId, section, json, sha256],
    );
    return sha256;
  }

  async sections(reportId: string): Promise<Map<string, StoredAnswer>> {
    const { rows } = await this.db.query<{ section: string; answer: StoredAnswer }>(
      'SELECT section, answer FROM report_sections WHERE report_id = $1',
      [reportId],
    );
    return new Map(rows.map((r) => [r.section, r.answer]));
  }

  async saveLogo(bytes: Buffer, mediaType: string): Promise<string> {
    const sha256 = sha256Of(bytes);
    await this.db.query('INSERT INTO report_logos (sha256, media_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING', [
      sha256,
      mediaType,
      bytes,
    ]);
    return sha256;
  }

  async logo(sha256: string): Promise<Buffer | undefined> {
    return (await this.db.query<{ bytes: Buffer }>('SELECT bytes FROM report_logos WHERE sha256 = $1', [sha256])).rows[0]?.bytes;
  }

  async saveDocument(doc: { reportId: string; accountId: string; pdf: Buffer; filename: string }): Promise<string> {
    const sha256 = sha256Of(doc.pdf);
    await this.db.query(
      `INSERT INTO report_documents (report_id, account_id, pdf, sha256, filename) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (report_id) DO UPDATE SET pdf = EXCLUDED.pdf, sha256 = EXCLUDED.sha256, filename = EXCLUDED.filename`,
      [doc.reportId, doc.accountId, doc.pdf, sha256, doc.filename],
    );
    return sha256;
  }
}
