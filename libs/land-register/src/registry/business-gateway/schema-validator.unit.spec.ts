import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAgainst } from './schema-validator';

// A published schema may include another from beside it (HM Land Registry's developer pack shares its types this
// way): the validator reads the included file from the schema's folder. The type here allows two capital letters.

const schemaHead =
  '<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="urn:test" targetNamespace="urn:test" elementFormDefault="qualified">';

describe('the schema validator', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pds-xsd-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads what a schema includes from beside it', async () => {
    writeFileSync(
      join(folder, 'types.xsd'),
      `${schemaHead}<xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{2}"/></xs:restriction></xs:simpleType></xs:schema>`,
    );
    writeFileSync(
      join(folder, 'message.xsd'),
      `${schemaHead}<xs:include schemaLocation="types.xsd"/><xs:element name="code" type="Code"/></xs:schema>`,
    );
    const schema = join(folder, 'message.xsd');
    expect(await validateAgainst('<code xmlns="urn:test">AB</code>', schema)).toEqual({ valid: true, errors: [] });
    const refused = await validateAgainst('<code xmlns="urn:test">abc</code>', schema);
    expect(refused.valid).toBe(false);
    expect(refused.errors.join(' ')).toMatch(/'abc' is not accepted by the pattern '\[A-Z\]\{2\}'/);
  });

  it('answers a schema that cannot be read with an error, and carries on', async () => {
    await expect(validateAgainst('<code xmlns="urn:test">AB</code>', join(folder, 'missing.xsd'))).rejects.toThrow(
      /schema validation failed/,
    );
    expect((await validateAgainst('<code xmlns="urn:test">AB</code>', join(folder, 'message.xsd'))).valid).toBe(true);
  });
});
