// Windows-1252 decoded for tests, independently of the importers' decoder (iconv-lite): bytes 0x80–0x9F by the
// WHATWG Encoding Standard's index-windows-1252, every other byte as the Unicode code point of its value. Not Node's
// TextDecoder: Node 20's 'windows-1252' decodes as ISO-8859-1 (0x92 becomes U+0092, a C1 control, not ’).

const high = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export const decodeWindows1252 = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b >= 0x80 && b <= 0x9f ? (high[b - 0x80] as number) : b);
  return text;
};
