import { directorySearchQueries } from '@studio/core';
import type { DirectoryPrefixQuery } from '@studio/core';
import { describe, expect, it, vi } from 'vitest';
import { watchDirectorySearch } from './directory-search';

/** A directory whose queries answer when the test says so. */
function fakeDirectory() {
  const listeners = new Map<string, (value: unknown) => void>();
  const stopped: string[] = [];
  const watch = (query: DirectoryPrefixQuery, _limit: number, onChange: (v: unknown) => void) => {
    listeners.set(query.index, onChange);
    return () => stopped.push(query.index);
  };
  const answer = (index: string, value: unknown) => listeners.get(index)?.(value);
  return { watch, answer, stopped };
}

describe('watchDirectorySearch', () => {
  it('reports once every query has answered, merged by uid, only rows found by their own fields', () => {
    const directory = fakeDirectory();
    const onChange = vi.fn();
    const queries = directorySearchQueries('ana');
    expect(queries.map((query) => query.index)).toEqual(['nameKey', 'emailKey']);
    const stop = watchDirectorySearch(directory.watch, queries, 2, onChange);
    directory.answer('nameKey', {
      a1: { name: 'Ana Ruiz', email: 'ruiz@x.mx' },
      // Filed under "ana" by its own writer, but its name is not Ana's.
      x9: { name: 'Bruno', nameKey: 'ana', email: 'bruno@x.mx' },
    });
    expect(onChange).not.toHaveBeenCalled();
    directory.answer('emailKey', { a2: { name: 'Marta', email: 'ana.m@x.mx' } });
    expect(onChange).toHaveBeenLastCalledWith(
      {
        a1: { name: 'Ana Ruiz', email: 'ruiz@x.mx' },
        a2: { name: 'Marta', email: 'ana.m@x.mx' },
      },
      true,
    );
    directory.answer('nameKey', null);
    expect(onChange).toHaveBeenLastCalledWith(
      { a2: { name: 'Marta', email: 'ana.m@x.mx' } },
      false,
    );
    stop();
    expect(directory.stopped.sort()).toEqual(['emailKey', 'nameKey']);
  });
});
