import { describe, expect, it } from 'vitest';
import { moved } from './category-list-screen';
import { choiceRule } from '../add-on-list/add-on-list-screen';

describe('moving a category a place', () => {
  it('swaps it with its neighbour, and leaves the ends where they are', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('an add-on group’s rule in words', () => {
  it('says how many may be chosen and whether one must be', () => {
    expect(choiceRule({ min_choices: 0, max_choices: 2, required: false })).toBe('Pick up to 2');
    expect(choiceRule({ min_choices: 1, max_choices: 1, required: true })).toBe('Pick 1, required');
    expect(choiceRule({ min_choices: 1, max_choices: 3, required: true })).toBe('Pick 1 to 3, required');
  });
});
