import { describe, expect, it } from 'vitest';
import { formToObject } from './public-api.scope';

describe('a form body read as Laravel reads it', () => {
  it('reads lists, objects and lists of objects to any depth; a repeated plain name keeps its last value', () => {
    expect(formToObject('a[]=x&a[]=y&b=1&b=2')).toEqual({ a: ['x', 'y'], b: '2' });
    expect(formToObject('a[b]=x&a[c]=y')).toEqual({ a: { b: 'x', c: 'y' } });
    expect(formToObject('products[0][product_id]=p&products[0][quantity]=2&products[1][product_id]=q')).toEqual({
      products: [{ product_id: 'p', quantity: '2' }, { product_id: 'q' }],
    });
    expect(formToObject('x[1]=a&x[0]=b&y[2]=c')).toEqual({ x: ['b', 'a'], y: { 2: 'c' } });
  });

  it('keeps a name such as __proto__ as a plain key, never touching any prototype', () => {
    const read = formToObject('a[__proto__][polluted]=1&__proto__[z]=2&constructor[prototype][w]=3');
    expect(Object.getOwnPropertyNames(read)).toEqual(['a', '__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).z).toBeUndefined();
    expect(({} as Record<string, unknown>).w).toBeUndefined();
  });
});
