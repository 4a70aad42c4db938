import { escapeHtml, html, isHtml, type HtmlValue } from './html';

// What the template writes, worked out by hand from the HTML standard's character references: & → &amp;, < → &lt;,
// > → &gt;, " → &quot;, ' → &#39;, ` → &#96;. The hostile strings are from OWASP's XSS Filter Evasion Cheat Sheet.

const parseAttribute = (markup: string, name: string): string | undefined => {
  // A reader of what a browser would take as the attribute's value: up to the next quote of the kind it opened with.
  const match = new RegExp(`\\s${name}=(["'])(.*?)\\1`).exec(markup);
  return match?.[2];
};

describe('html', () => {
  it('escapes the six characters in a value, and nothing else', () => {
    expect(html`<p>${`Tom & Jerry's <b>"best"</b> \`tick\``}</p>`.markup).toBe(
      '<p>Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; &#96;tick&#96;</p>',
    );
    expect(escapeHtml('plain text, £5 — ünïcödé')).toBe('plain text, £5 — ünïcödé');
    // An entity typed by a person is shown as typed, not decoded.
    expect(html`${'&lt;'}`.markup).toBe('&amp;lt;');
  });

  it('writes the template text as it is: only values are escaped', () => {
    expect(html`<a href="/account">Home & away</a>`.markup).toBe('<a href="/account">Home & away</a>');
  });

  it.each([
    ['<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>', '&lt;SCRIPT SRC=http://xss.rocks/xss.js&gt;&lt;/SCRIPT&gt;'],
    ['<IMG SRC="javascript:alert(\'XSS\');">', '&lt;IMG SRC=&quot;javascript:alert(&#39;XSS&#39;);&quot;&gt;'],
    [
      '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
      '&lt;IMG SRC=&#96;javascript:alert(&quot;RSnake says, &#39;XSS&#39;&quot;)&#96;&gt;',
    ],
    ['<<SCRIPT>alert("XSS");//\\<</SCRIPT>', '&lt;&lt;SCRIPT&gt;alert(&quot;XSS&quot;);//\\&lt;&lt;/SCRIPT&gt;'],
    ['</TITLE><SCRIPT>alert("XSS");</SCRIPT>', '&lt;/TITLE&gt;&lt;SCRIPT&gt;alert(&quot;XSS&quot;);&lt;/SCRIPT&gt;'],
  ])('leaves no tag in text from %s', (hostile, expected) => {
    const markup = html`<td>${hostile}</td>`.markup;
    expect(markup).toBe(`<td>${expected}</td>`);
    expect(markup.slice(4, -5)).not.toMatch(/[<>"'`]/);
  });

  it('keeps a value inside its quoted attribute, double or single', () => {
    const hostile = `x" onmouseover="alert(1)' onfocus='alert(2)`;
    // Kept from prettier, which formats html`` as HTML (self-closing tags, double quotes):
    // prettier-ignore
    const double = html`<input value="${hostile}">`.markup;
    // prettier-ignore
    const single = html`<input value='${hostile}'>`.markup;
    expect(double).toBe('<input value="x&quot; onmouseover=&quot;alert(1)&#39; onfocus=&#39;alert(2)">');
    expect(single).toBe("<input value='x&quot; onmouseover=&quot;alert(1)&#39; onfocus=&#39;alert(2)'>");
    // The attribute runs to the end of the value, so no other attribute appears.
    expect(parseAttribute(double, 'value')).toBe('x&quot; onmouseover=&quot;alert(1)&#39; onfocus=&#39;alert(2)');
    expect(parseAttribute(single, 'value')).toBe('x&quot; onmouseover=&quot;alert(1)&#39; onfocus=&#39;alert(2)');
    expect(parseAttribute(double, 'onmouseover')).toBeUndefined();
  });

  it('puts a fragment in as markup, and a string that looks like one escaped', () => {
    const name = 'Ann <admin>';
    const inner = html`<b>${name}</b>`;
    expect(isHtml(inner)).toBe(true);
    expect(isHtml('<b>Ann</b>')).toBe(false);
    expect(html`<p>${inner}</p>`.markup).toBe('<p><b>Ann &lt;admin&gt;</b></p>');
    expect(html`<p>${inner.markup}</p>`.markup).toBe('<p>&lt;b&gt;Ann &amp;lt;admin&amp;gt;&lt;/b&gt;</p>');
    expect(`${html`<i>${'&'}</i>`}`).toBe('<i>&amp;</i>');
  });

  it('joins lists of fragments and text without a separator, each item escaped as its kind', () => {
    const rows = ['a<b', 'c"d'].map((cell) => html`<td>${cell}</td>`);
    // prettier-ignore
    expect(html`<tr>${rows}</tr>`.markup).toBe('<tr><td>a&lt;b</td><td>c&quot;d</td></tr>');
    // prettier-ignore
    const mixed: HtmlValue[] = [html`<br>`, '<br>', 3, [html`<hr>`, '&']];
    expect(html`${mixed}`.markup).toBe('<br>&lt;br&gt;3<hr>&amp;');
  });

  it('writes numbers as numbers and nothing for false, null and undefined', () => {
    const shown = false;
    expect(html`${1_234}|${10n}|${0}|${shown && html`<b>x</b>`}|${null}|${undefined}`.markup).toBe('1234|10|0|||');
  });

  it('refuses to be called with strings made at run time', () => {
    const forged = ['<p>', '</p>'] as unknown as TemplateStringsArray;
    expect(() => html(forged, 'x')).toThrow('html is a template tag');
  });
});
