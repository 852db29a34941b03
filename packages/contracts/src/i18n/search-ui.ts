import { defineMessages } from './define';

/** The header's global search (web texts). */
export const searchUi = defineMessages(
  {
    label: 'Søk i Legenett',
    placeholder: 'Søk etter personer, bedrifter, jobber …',
    // The header's field (280 px): the long text was cut to "…bedrifter, job" (issue 42).
    placeholder_short: 'Søk i Legenett …',
    open: 'Søk',
    close: 'Lukk søket',
    clear: 'Tøm søkefeltet',
    hint: 'Skriv minst {{count}} tegn.',
    searching: 'Søker …',
    error: 'Søket mislyktes. Prøv igjen.',
    no_results: 'Ingen treff for «{{term}}».',
    results: '{{count}} treff. Bruk pil opp og ned for å velge.',
    results_one: '{{count}} treff. Bruk pil opp og ned for å velge.',
    see_all: 'Se alle i {{group}}',
    see_all_count: 'Se alle {{count}} i {{group}}',
    groups: {
      people: 'Personer',
      companies: 'Bedrifter',
      jobs: 'Jobber',
      courses: 'Kurs og webinarer',
      petitions: 'Opprop',
      posts: 'Innlegg',
    },
  },
  {
    label: 'Search Legenett',
    placeholder: 'Search people, companies, jobs …',
    placeholder_short: 'Search Legenett …',
    open: 'Search',
    close: 'Close search',
    clear: 'Clear the search field',
    hint: 'Type at least {{count}} characters.',
    searching: 'Searching …',
    error: 'The search failed. Try again.',
    no_results: 'No results for "{{term}}".',
    results: '{{count}} results. Use the up and down arrows to choose.',
    results_one: '{{count}} result. Use the up and down arrows to choose.',
    see_all: 'See all in {{group}}',
    see_all_count: 'See all {{count}} in {{group}}',
    groups: {
      people: 'People',
      companies: 'Companies',
      jobs: 'Jobs',
      courses: 'Courses and webinars',
      petitions: 'Petitions',
      posts: 'Posts',
    },
  },
);
