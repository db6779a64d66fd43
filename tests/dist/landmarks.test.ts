/**
 * A screen reader lists a page's landmarks by role and name: every search form of a built page is
 * named, and the ones a visitor can reach at once (the top bar's, and /search's or a missing
 * catalogue page's in the page) have different names, so that the list tells them apart. The
 * menu's form waits in its closed popover and is the top bar's again.
 */
import { describe, expect, it } from 'vitest';
import { builtFiles, routeOf } from '../support/site';
import { accessibleName, all, readPage, unseenUntilAsked } from '../support/html';

describe('search landmarks', () => {
  it.each(builtFiles().map((file) => [routeOf(file), file]))('%s names each search form apart', (_, file) => {
    const document = readPage(file);
    const forms = all('[role="search"], search', document);
    const named = forms.filter((form) => form.attribs['aria-label'] || form.attribs['aria-labelledby']);
    expect(named).toHaveLength(forms.length);
    const reachable = forms.filter((form) => !unseenUntilAsked(form)).map((form) => accessibleName(form, document));
    expect(reachable.filter((name, i) => reachable.indexOf(name) !== i)).toEqual([]);
  });
});
