import { directorySearchQueries } from '@studio/core';
import { useId, useState } from 'react';
import { watchDirectorySearch } from '../../../lib/directory-search';
import { useT } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { useLive } from '../../../lib/use-live';
import type { DeskSalesApi } from '../api/desk-sales-api';
import { foundMembers } from '../desk-sales';
import type { FoundMember } from '../desk-sales';
import { deskSalesMessages } from '../desk-sales-messages';

/** At most this many members per look-up: the desk is finding one person. */
export const FIND_LIMIT = 8;

/** Each indexed prefix query the text becomes, merged once all have answered; null meanwhile. */
function watchFound(
  api: DeskSalesApi,
  text: string,
  onChange: (found: FoundMember[] | null) => void,
) {
  return watchDirectorySearch(
    api.watchDirectorySearch,
    directorySearchQueries(text),
    FIND_LIMIT,
    (entries) => onChange(foundMembers(entries).slice(0, FIND_LIMIT)),
  );
}

/**
 * The desk's member look-up: by name, e-mail or phone over the directory's indexes (never the
 * whole list), each match a button that chooses them.
 */
export function MemberFinder({
  api,
  onChoose,
  searchDelayMs = 250,
}: {
  api: DeskSalesApi;
  onChoose: (member: FoundMember) => void;
  searchDelayMs?: number;
}) {
  const st = useT(deskSalesMessages);
  const id = useId();
  const [query, setQuery] = useState('');
  const text = useDebounced(query.trim(), searchDelayMs);
  const searchable = directorySearchQueries(text).length > 0 && text.length >= 2;
  const found = useLive<FoundMember[] | null>(
    searchable ? (onChange) => watchFound(api, text, onChange) : null,
    null,
    [api, text, searchable],
  );
  return (
    <div className="desk-finder">
      <div className="ui-field">
        <label className="ui-field-label" htmlFor={id}>
          {st('findMember')}
        </label>
        <p className="ui-field-hint" id={`${id}-hint`}>
          {st('findHint')}
        </p>
        <input
          id={id}
          className="ui-input"
          type="search"
          autoComplete="off"
          value={query}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div aria-live="polite">
        {!searchable ? (
          query.trim().length > 0 && <p className="desk-muted">{st('typeToFind')}</p>
        ) : found === null ? (
          <p className="desk-muted">{st('searching')}</p>
        ) : found.length === 0 ? (
          <p>{st('noMatch', { text })}</p>
        ) : (
          <ul className="desk-found">
            {found.map((member) => (
              <li key={member.uid}>
                <button
                  type="button"
                  className="desk-found-member"
                  aria-label={st('chooseMember', { name: member.name || member.email })}
                  onClick={() => onChoose(member)}
                >
                  <strong>{member.name || st('noName')}</strong>
                  <span>{member.email}</span>
                  {member.phone && <span>{member.phone}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
