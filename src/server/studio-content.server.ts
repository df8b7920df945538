import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { authors } from '../content/authors.ts';
import { businessDetails, type BusinessDetails } from '../content/business.ts';
import { team, type TeamMember } from '../content/team.ts';
import { testimonials, type Testimonial } from '../content/testimonials.ts';
import { abnDigits, weekdays } from '../lib/business-details.ts';
import { teamMemberId } from '../lib/team.ts';

// The studio fills these files by hand and may not run the type checker: the server checks them as it starts, and
// a mistake stops it with one line naming the file, the entry and the field, as a bad DATA_FILE does.

const text = z
  .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be text') })
  .trim()
  .min(1, 'must not be empty (leave it out instead)');

const missingOr = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing' : message;

const list = <T extends z.ZodType>(item: T) => z.array(item, { error: missingOr('must be a list [ … ]') });

const fields = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, { error: missingOr('must be a set of fields { … }') });

/** The ATO's check: take 1 from the first digit, weight the digits 10, 1, 3, 5 … 19; the sum divides by 89. */
function isAbn(value: string): boolean {
  const digits = abnDigits(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * weights[index]!,
    0,
  );
  return sum % 89 === 0;
}

const time = z
  .string({ error: 'is missing' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 09:00');

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' });

/** A photo: a file under public/ (which must be there) or an image elsewhere on https. */
const photo = (publicDir: string) =>
  z.string({ error: 'must be text' }).superRefine((value, context) => {
    if (value.startsWith('/') && !value.startsWith('//')) {
      if (!existsSync(path.join(publicDir, value)))
        context.addIssue({ code: 'custom', message: `names a file that is not in public/ (got "${value}")` });
      return;
    }
    if (!httpsUrl.safeParse(value).success)
      context.addIssue({
        code: 'custom',
        message: `must be a path under public/ such as /images/team/jane.webp, or an https:// address (got "${value}")`,
      });
  });

const businessSchema = fields({
  legalName: text.optional(),
  abn: text
    .refine(isAbn, { error: (issue) => `must be an 11-digit ABN that passes the ATO's check (got "${issue.input}")` })
    .optional(),
  address: fields({
    street: text,
    suburb: text,
    state: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], {
      error: 'must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
    }),
    postcode: z.string({ error: 'is missing' }).regex(/^\d{4}$/, 'must be four digits'),
  }).optional(),
  serviceArea: text.optional(),
  hours: list(
    fields({
      days: list(
        z.enum(weekdays, {
          error: (issue) => `must be a day of the week such as ${weekdays[0]} (got ${JSON.stringify(issue.input)})`,
        }),
      ).min(1, 'must name a day'),
      opens: time,
      closes: time,
    }).refine((hours) => hours.opens < hours.closes, { error: 'must be later than opens', path: ['closes'] }),
  ).optional(),
  socialProfiles: list(fields({ name: text, url: httpsUrl })).optional(),
}) satisfies z.ZodType<BusinessDetails>;

const testimonialSchema = (publicDir: string) =>
  fields({
    quote: text,
    name: text,
    business: text,
    suburb: text,
    result: text.optional(),
    photo: photo(publicDir).optional(),
  }) satisfies z.ZodType<Testimonial>;

const knownAuthors = authors.map((author) => author.username);

const teamMemberSchema = (publicDir: string) =>
  fields({
    name: text,
    role: text,
    bio: text.max(200, 'must fit in two lines: at most 200 characters'),
    photo: photo(publicDir).optional(),
    author: z
      .string({ error: 'must be text' })
      .refine((username) => knownAuthors.includes(username), {
        error: (issue) =>
          `names an unknown author "${issue.input}" (known: ${knownAuthors.join(', ')}; a writer is added in src/content/authors.ts)`,
      })
      .optional(),
    takesConsults: z.literal(true, { error: 'must be true, or left out' }).optional(),
  }) satisfies z.ZodType<TeamMember>;

/** "hours 1 closes", from the issue's path within an entry. */
function fieldOf(keys: readonly PropertyKey[]): string {
  return keys.map((key) => (typeof key === 'number' ? String(key + 1) : String(key))).join(' ');
}

function problemLine(file: string, issue: z.core.$ZodIssue, entries?: readonly { name?: unknown }[]): string {
  const [first, ...rest] = issue.path;
  let where = '';
  let keys = issue.path;
  if (entries && typeof first === 'number') {
    const name = entries[first]?.name;
    where = `entry ${first + 1}${typeof name === 'string' && name.trim() ? ` (${name.trim()})` : ''}: `;
    keys = rest;
  }
  if (issue.code === 'unrecognized_keys')
    return `${file}: ${where}${issue.keys.map((key) => `"${key}"`).join(', ')} is not a field the site knows${keys.length ? ` in ${fieldOf(keys)}` : ''}`;
  return `${file}: ${where}${keys.length ? `${fieldOf(keys)} ` : ''}${issue.message}`;
}

/** The three files the studio fills, as the site uses them. */
export interface StudioContent {
  business: unknown;
  testimonials: readonly unknown[];
  team: readonly unknown[];
}

export const studioContent: StudioContent = { business: businessDetails, testimonials, team };

/**
 * What is wrong with the studio's details, testimonials or team, as one line, or undefined when all is well.
 * A photo's path is looked for under `publicDir`.
 */
export function studioContentProblem(content: StudioContent, publicDir: string): string | undefined {
  const business = businessSchema.safeParse(content.business);
  if (!business.success) return problemLine('src/content/business.ts', business.error.issues[0]!);
  const quotes = content.testimonials as { name?: unknown }[];
  const checkedQuotes = list(testimonialSchema(publicDir)).safeParse(quotes);
  if (!checkedQuotes.success) return problemLine('src/content/testimonials.ts', checkedQuotes.error.issues[0]!, quotes);
  const members = content.team as { name?: unknown }[];
  const checkedTeam = list(teamMemberSchema(publicDir)).safeParse(members);
  if (!checkedTeam.success) return problemLine('src/content/team.ts', checkedTeam.error.issues[0]!, members);
  const hosts = checkedTeam.data.filter((member) => member.takesConsults);
  if (hosts.length > 1)
    return `src/content/team.ts: takesConsults is set for ${hosts.length} members (${hosts.map((member) => member.name).join(', ')}); a visitor talks to one person: set it for one`;
  // Each member's entry on /about is found by an id made from their name.
  const ids = checkedTeam.data.map((member) => teamMemberId(member.name));
  const again = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (again !== -1)
    return `src/content/team.ts: entry ${again + 1} (${checkedTeam.data[again]!.name}) has the name of an earlier entry`;
  return undefined;
}
