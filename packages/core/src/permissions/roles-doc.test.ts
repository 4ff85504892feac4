import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRolesDoc } from './roles-doc';

describe('docs/roles.md', () => {
  it('is what the permission map renders (run npm run roles:doc after changing the map)', () => {
    const committed = readFileSync(new URL('../../../../docs/roles.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRolesDoc());
  });
});
