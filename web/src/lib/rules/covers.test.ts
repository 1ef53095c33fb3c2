import { describe, expect, it } from 'vitest';
import { cases, vectors } from '@/test/vectors';
import { checkAllocations, compareCovers, isCoverComplete, mapEngineField, missingFields, type CoverLike } from './covers';

interface CoverCase { cover: CoverLike; missing: string[]; complete: boolean; note: string }
interface CoverVectors {
  allocations: { percents: (number | null)[]; messages: string[]; note: string }[];
  order: { covers: (CoverLike & { id: string })[]; order: string[]; note: string }[];
  engineFields: { engine: string; field: string | null }[];
}

describe('cover rules agree with the server (the "covers" topic of `domain/vectors.json`)', () => {
  it.each(cases<CoverCase>('covers'))('$note', ({ cover, missing, complete }) => {
    expect(missingFields(cover)).toEqual(missing);
    expect(isCoverComplete(cover)).toBe(complete);
  });

  const covers = vectors<CoverVectors>('covers');
  it.each(covers.allocations)('allocations: $note', ({ percents, messages }) => {
    expect(checkAllocations(percents.map((percent) => ({ percent })))).toEqual(messages);
  });

  it.each(covers.order)('order: $note', ({ covers: list, order }) => {
    expect([...list].sort(compareCovers).map((c) => c.id)).toEqual(order);
  });

  it.each(covers.engineFields)('maps engine field $engine', ({ engine, field }) => {
    expect(mapEngineField(engine)).toBe(field);
  });
});
