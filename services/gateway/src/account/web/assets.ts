import { asset, type Asset } from '../../http/api-docs';

// The dashboard's one stylesheet, served from memory under a content-hashed URL as /docs serves Swagger UI's. Colours
// are chosen for contrast of at least 4.5:1 on their backgrounds (WCAG AA); focus is always visible.
const css = `
:root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #ffffff; line-height: 1.5; }
body { margin: 0; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #ffffff; padding: 0.5rem; }
header, main, footer { max-width: 44rem; margin: 0 auto; padding: 1rem; }
header { display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid #6b6b6b; }
a { color: #0b4f9c; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input[type=email], input[type=password], input[type=text] { display: block; width: 100%; max-width: 28rem; padding: 0.5rem; border: 2px solid #4a4a4a; }
button { margin-top: 1rem; padding: 0.5rem 1rem; background: #0b4f9c; color: #ffffff; border: 0; font-size: 1rem; cursor: pointer; }
button.link { background: none; color: #0b4f9c; text-decoration: underline; padding: 0; margin: 0; }
:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
.errors { border: 3px solid #a40000; padding: 0.5rem 1rem; }
.error { color: #a40000; }
.notice { border-left: 4px solid #0b4f9c; padding-left: 1rem; }
nav { max-width: 44rem; margin: 0 auto; padding: 0 1rem; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0 1rem; padding: 0; margin: 0.5rem 0; }
nav a[aria-current=page] { font-weight: 700; color: #1b1b1b; }
label.inline-label { display: inline; font-weight: 400; }
form.inline { display: inline-block; margin-right: 0.5rem; }
button.danger { background: #a40000; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.25rem 1rem 0.25rem 0; border-bottom: 1px solid #c4c4c4; }
`;

export const accountAssets: Record<string, Asset> = { 'account.css': asset(css, 'text/css; charset=utf-8') };

export const assetHref = (name: string) => `/account/assets/${name}?v=${accountAssets[name]!.version}`;
