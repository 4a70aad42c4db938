import { canonicalForm, decodeForm, FormError } from './form';

describe("decoding Stripe's form bodies", () => {
  it('reads bracket keys into objects and indexed keys into arrays, as the official package writes them', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_test_basic&line_items[0][quantity]=1' +
      '&metadata[accountId]=acc_1&metadata[purpose]=subscription&payment_method_types[0]=card' +
      '&success_url=http%3A%2F%2F127.0.0.1%3A8080%2Faccount%2Fpaid%3Fsession%3D%7BCHECKOUT_SESSION_ID%7D&cancel_at_period_end=false';
    expect(decodeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_test_basic', quantity: '1' }],
      metadata: { accountId: 'acc_1', purpose: 'subscription' },
      payment_method_types: ['card'],
      success_url: 'http://127.0.0.1:8080/account/paid?session={CHECKOUT_SESSION_ID}',
      cancel_at_period_end: 'false',
    });
  });

  it('reads percent-encoded brackets the same way', () => {
    expect(decodeForm('items%5B0%5D%5Bid%5D=si_1&items%5B0%5D%5Bprice%5D=price_2')).toEqual({ items: [{ id: 'si_1', price: 'price_2' }] });
  });

  it('keeps an empty value (null in the package) as an empty string', () => {
    expect(decodeForm('metadata[note]=')).toEqual({ metadata: { note: '' } });
  });

  it('puts array entries in index order whatever order they came in', () => {
    expect(decodeForm('a[1]=second&a[0]=first')).toEqual({ a: ['first', 'second'] });
  });

  it.each([
    ['indexes mixed with names', 'a[0]=x&a[name]=y', 'a'],
    ['a gap in the indexes', 'a[0]=x&a[2]=y', 'a'],
    ['a key that is both a value and an object', 'a=1&a[b]=2', 'a[b]'],
    ['a malformed key', 'a]b=1', 'a]b'],
  ])('refuses %s, naming the parameter', (_case, body, param) => {
    expect(() => decodeForm(body)).toThrow(FormError);
    try {
      decodeForm(body);
    } catch (error) {
      expect((error as FormError).param).toBe(param);
    }
  });

  it('writes the same parameters in any order as the same canonical text, and other values as another', () => {
    const one = canonicalForm(decodeForm('a=1&b[x]=2&b[y]=3'));
    expect(canonicalForm(decodeForm('b[y]=3&a=1&b[x]=2'))).toBe(one);
    expect(canonicalForm(decodeForm('a=1&b[x]=2&b[y]=4'))).not.toBe(one);
    expect(canonicalForm(decodeForm('a=1&b[0]=2'))).not.toBe(canonicalForm(decodeForm('a=1&b[x]=2')));
  });
});
