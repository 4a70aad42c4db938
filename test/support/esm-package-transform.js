// Jest runs CommonJS; the Kafka client (@platformatic/kafka and its own packages) ships ES modules only, which Node
// 20.19+ loads through require but Jest's module system does not. This turns those files into CommonJS for Jest alone,
// with `import.meta.url` (the one ES-only expression they use) as the file's URL, and their own `require` made with
// createRequire left to CommonJS's.
const { transformSync } = require('@swc/core');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const ownSource = readFileSync(__filename, 'utf8');

module.exports = {
  // Jest caches what a transformer returns; a change to this file must not reuse what an earlier version made.
  getCacheKey: (source, filename) => createHash('sha256').update(ownSource).update(filename).update(source).digest('hex'),
  process(source, filename) {
    const withoutImportMeta = source
      .replace(/\bconst require = createRequire\(import\.meta\.url\);?/g, '')
      .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href");
    const { code, map } = transformSync(withoutImportMeta, {
      filename,
      sourceMaps: true,
      jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    return { code, map };
  },
};
