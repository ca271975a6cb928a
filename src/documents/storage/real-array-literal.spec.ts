import { realArrayLiteral } from './real-array-literal';

describe('realArrayLiteral', () => {
  it('writes each value within half a millionth, in array text PostgreSQL reads', () => {
    const vector = [0.0312345678, -0.5, 0, 1, 4e-7, -0.9999996];
    const literal = realArrayLiteral(vector);
    expect(literal).toMatch(/^\{[^{}]*\}$/);
    const values = literal.slice(1, -1).split(',').map(Number);
    expect(values).toHaveLength(vector.length);
    values.forEach((value, i) => expect(Math.abs(value - vector[i])).toBeLessThanOrEqual(5e-7));
  });

  it('writes a value that is not a finite number as 0', () => {
    expect(realArrayLiteral([Number.NaN, Infinity, 0.25])).toBe('{0,0,250000e-6}');
  });
});
