import { describe, expect, it } from 'vitest';
import { valuesOf } from './question-options';

describe('a backed answer', () => {
  it('reads several choices joined by a bar', () => {
    expect(valuesOf('cannabis| cocaine |')).toEqual(['cannabis', 'cocaine']);
    expect(valuesOf(null)).toEqual([]);
  });
});
