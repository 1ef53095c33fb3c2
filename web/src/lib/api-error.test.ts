import { describe, expect, it } from 'vitest';
import { ApiError, unwrap } from './api-error';

describe('unwrap', () => {
  it('gives the body of a success, nothing for a 204, and throws an ApiError for a refusal or a success without a body', () => {
    expect(unwrap({ data: { id: 1 }, response: new Response('{"id":1}', { status: 200 }) })).toEqual({ id: 1 });
    expect(unwrap({ data: undefined, response: new Response(null, { status: 204 }) })).toBeUndefined();
    expect(() => unwrap({ error: { status: 404, title: 'Not Found' }, response: new Response(null, { status: 404 }) })).toThrow(ApiError);
    expect(() => unwrap({ data: undefined, response: new Response('', { status: 200 }) })).toThrow(ApiError);
  });
});
