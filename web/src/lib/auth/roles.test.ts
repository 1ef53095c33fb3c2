import { describe, expect, it } from 'vitest';
import { rolesOf } from './roles';

describe('roles from the token', () => {
  it('reads one role or a list, ignoring case and unknown names', () => {
    expect(rolesOf({ roles: 'Underwriter' })).toEqual(['underwriter']);
    expect(rolesOf({ roles: ['Client'] })).toEqual(['client']);
    expect(rolesOf({ roles: ['CCA', ' ccaAdmin ', 'admin'] })).toEqual(['cca', 'ccaadmin']);
    expect(rolesOf({ roles: [42, null] })).toEqual([]);
    expect(rolesOf({})).toEqual([]);
    expect(rolesOf(undefined)).toEqual([]);
  });
});
