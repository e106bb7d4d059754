import { describe, expect, it } from 'vitest';
import { crewNames } from './crew';

describe('crewNames (docs/rules/team.md#assignment)', () => {
  it("names the crew in order, or says 'Unassigned'", () => {
    expect(crewNames([{ name: 'Dana Reyes' }, { name: 'Sam Lee' }])).toBe('Dana Reyes, Sam Lee');
    expect(crewNames([])).toBe('Unassigned');
  });
});
