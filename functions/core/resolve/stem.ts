/**
 * Word stems for matching: English suffixes stripped so that forms of one word meet ("formatting", "formats",
 * "format"; "installation", "installing", "install"; "triggers", "trigger"). Applied to description and page words
 * alike, so a stem need not be a word, only the same for the same word's forms. Short words and anything with a
 * digit stay as they are.
 */

/** Longest first within a family: "ations" before "ation" before "s". */
const SUFFIXES = [
  'izations',
  'ization',
  'ations',
  'ation',
  'itions',
  'ition',
  'nesses',
  'ness',
  'ities',
  'ity',
  'ically',
  'ical',
  'ings',
  'ing',
  'ers',
  'er',
  'edly',
  'ed',
  'ives',
  'ive',
  'ously',
  'ous',
  'fully',
  'ful',
  'ists',
  'ist',
  'isms',
  'ism',
  'ables',
  'able',
  'ibles',
  'ible',
  'izes',
  'ize',
  'ises',
  'ise',
  'ly',
  'al',
  'ic',
  'es',
  's',
  'e',
];
const DOUBLED = /([bdfgmnprt])\1$/;
/** Consonant, vowel, consonant: what is left of "save", "code", "type" once "-ing" or "-ed" is gone. */
const SILENT_E_LOST = /^[^aeiou][aeiouy][^aeiouwxy]$/;

export const stemWord = (word: string): string => {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return word;
  let stem = word;
  let vowel = false;
  for (const suffix of SUFFIXES) {
    // "Class", "address", "access": a double s is the word's own, not a plural ("classes" → "class" meets it).
    if (suffix === 's' && word.endsWith('ss')) break;
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      // "Previous", "various", "obvious": "-ious" is no suffix on a word of its own ("previ" would begin "preview",
      // "vari" "variable").
      if (suffix.startsWith('ous') && word.at(-suffix.length - 1) === 'i') break;
      stem = word.slice(0, -suffix.length);
      vowel = /^[aeiou]/.test(suffix);
      break;
    }
  }
  // "formatting" → "formatt" → "format"; "running" → "run" (but "diffs" keeps "diff").
  // Not below three letters: "upper" is no "up" ("upp" stays).
  if (vowel && DOUBLED.test(stem) && stem.length > 3) stem = stem.slice(0, -1);
  // "Saving" → "sav" → "save", as "save" itself stays (four letters): a short stem that lost its silent e gets it
  // back ("coding", "typed", "naming", "dated"), so the forms meet the word.
  else if (vowel && SILENT_E_LOST.test(stem)) stem = `${stem}e`;
  // A longer stem drops its e ("creat" for "create", "creating"); a four-letter one keeps it, as the word does.
  return stem.length > 4 && stem.endsWith('e') ? stem.slice(0, -1) : stem;
};
