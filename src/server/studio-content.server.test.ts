import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { element, figures, textOf } from '../../test-support/html.ts';
import { createTestApp, readPage, testPost, testStore, type TestApp } from '../../test-support/server.ts';
import type { BusinessDetails } from '../content/business.ts';
import type { TeamMember } from '../content/team.ts';
import type { Testimonial } from '../content/testimonials.ts';
import { studioContent, studioContentProblem, type StudioContent } from './studio-content.server.ts';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
/** A photo that is in public/. */
const localPhoto = '/images/blog/google-business-profile.webp';

const fullBusiness: BusinessDetails = {
  legalName: 'Harbour Marketing Pty Ltd',
  abn: '51 824 753 556',
  address: { street: 'Level 2, 45 Hunter Street', suburb: 'Newcastle', state: 'NSW', postcode: '2300' },
  serviceArea: 'Newcastle and Lake Macquarie, NSW',
  hours: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' }],
  socialProfiles: [{ name: 'Instagram', url: 'https://www.instagram.com/harbourmarketing' }],
};

const testimonial: Testimonial = {
  quote: 'Our weekday lunches are busy again.',
  name: 'Mia Chen',
  business: 'Harbourside Espresso',
  suburb: 'Merewether',
  result: 'Bookings up a third in two months',
  photo: localPhoto,
};

const member: TeamMember = { name: 'Jane Doe', role: 'Founder', bio: 'Jane started the studio.' };

const content = (changes: Partial<StudioContent>): StudioContent => ({
  business: fullBusiness,
  testimonials: [testimonial],
  team: [member],
  ...changes,
});

const problem = (changes: Partial<StudioContent>) => studioContentProblem(content(changes), publicDir);

describe('the shipped content', () => {
  test('passes: what the site says of itself, the blog’s two writers as the team, and no testimonial', () => {
    expect(studioContentProblem(studioContent, publicDir)).toBeUndefined();
    expect(studioContent.testimonials).toEqual([]);
    expect((studioContent.team as TeamMember[]).map((entry) => [entry.name, entry.author])).toEqual([
      ['Sarah Mitchell', 'sarah-mitchell'],
      ['James Nguyen', 'james-nguyen'],
    ]);
  });

  test('every detail set, one testimonial with every field and a member without a photo pass too', () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ business: {}, testimonials: [], team: [] })).toBeUndefined();
    expect(
      problem({ team: [{ ...member, photo: 'https://images.example-cdn.com/jane.jpg', author: 'studio-team' }] }),
    ).toBeUndefined();
  });
});

describe('src/content/business.ts', () => {
  test.each([
    [{ abn: '12 345 678 901' }, `abn must be an 11-digit ABN that passes the ATO's check (got "12 345 678 901")`],
    [{ abn: '5182475355' }, `abn must be an 11-digit ABN that passes the ATO's check (got "5182475355")`],
    [{ legalName: ' ' }, 'legalName must not be empty (leave it out instead)'],
    [{ address: { street: '45 Hunter Street', suburb: 'Newcastle', state: 'NSW' } }, 'address postcode is missing'],
    [
      { address: { street: '45 Hunter Street', suburb: 'Newcastle', state: 'New South Wales', postcode: '2300' } },
      'address state must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
    ],
    [
      { hours: [{ days: ['Monday'], opens: '9am', closes: '17:00' }] },
      'hours 1 opens must be a 24-hour time such as 09:00',
    ],
    [{ hours: [{ days: ['Monday'], opens: '17:00', closes: '09:00' }] }, 'hours 1 closes must be later than opens'],
    [{ hours: [{ days: [], opens: '09:00', closes: '17:00' }] }, 'hours 1 days must name a day'],
    [
      { hours: [{ days: ['Funday'], opens: '09:00', closes: '17:00' }] },
      'hours 1 days 1 must be a day of the week such as Monday (got "Funday")',
    ],
    [{ hours: 'weekdays' }, 'hours must be a list [ … ]'],
    [
      { socialProfiles: [{ name: 'Facebook', url: 'http://facebook.com/x' }] },
      'socialProfiles 1 url must be an https:// address',
    ],
    [{ socialProfiles: [{ url: 'https://facebook.com/x' }] }, 'socialProfiles 1 name is missing'],
    [{ adress: '45 Hunter Street' }, '"adress" is not a field the site knows'],
  ])('%j stops the start: %s', (change, message) => {
    expect(problem({ business: { ...fullBusiness, ...change } })).toBe(`src/content/business.ts: ${message}`);
  });
});

describe('src/content/testimonials.ts', () => {
  test.each([
    [{ suburb: undefined }, 'suburb is missing'],
    [{ quote: '' }, 'quote must not be empty (leave it out instead)'],
    [
      { photo: '/images/testimonials/mia.webp' },
      'photo names a file that is not in public/ (got "/images/testimonials/mia.webp")',
    ],
    [
      { photo: 'http://example.com/mia.jpg' },
      'photo must be a path under public/ such as /images/team/jane.webp, or an https:// address (got "http://example.com/mia.jpg")',
    ],
  ])('%j stops the start: %s', (change, message) => {
    const second = { ...testimonial, ...change };
    expect(problem({ testimonials: [testimonial, second] })).toBe(
      `src/content/testimonials.ts: entry 2 (Mia Chen): ${message}`,
    );
  });

  test('an entry without a name is named by its place', () => {
    expect(problem({ testimonials: [{ ...testimonial, name: undefined }] })).toBe(
      'src/content/testimonials.ts: entry 1: name is missing',
    );
  });
});

describe('src/content/team.ts', () => {
  test.each([
    [{ role: undefined }, 'role is missing'],
    [{ bio: 'x'.repeat(201) }, 'bio must fit in two lines: at most 200 characters'],
    [
      { author: 'jess-nguyen' },
      'author names an unknown author "jess-nguyen" (known: studio-team, sarah-mitchell, james-nguyen; a writer is added in src/content/authors.ts)',
    ],
    [{ twitter: '@jane' }, '"twitter" is not a field the site knows'],
  ])('%j stops the start: %s', (change, message) => {
    expect(problem({ team: [{ ...member, ...change }] })).toBe(`src/content/team.ts: entry 1 (Jane Doe): ${message}`);
  });

  test('two members of the same name would share one entry on /about', () => {
    expect(problem({ team: [member, { ...member, role: 'Designer' }] })).toBe(
      'src/content/team.ts: entry 2 (Jane Doe) has the name of an earlier entry',
    );
  });

  test('every problem is one line', () => {
    const lines = [problem({ team: [{}] }), problem({ business: { hours: [{}] } }), problem({ testimonials: [{}] })];
    for (const line of lines) expect(line).toMatch(/^src\/content\/\S+\.ts: [^\n]+$/);
  });
});

// The first page imports the renderer: seconds on a busy machine.
describe('the pages with the shipped content', { timeout: 30_000 }, () => {
  const data = testStore(2);
  data.posts.push(
    testPost({ id: 30, slug: 'by-james', author: 'james-nguyen' }),
    testPost({ id: 31, slug: 'by-the-studio', author: 'studio-team' }),
  );
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ data });
  });
  afterAll(() => testApp.close());

  test.each(['/', '/services', '/start-project'])(
    '%s: no testimonial, nothing beside the packages, nothing near the form',
    async (path) => {
      const { html, text } = await readPage(testApp.app, path);
      expect(html).toMatch(/<h1\b/);
      expect(text).not.toContain('What our clients say');
      expect(figures(element(html, '<section id="consult"', 'section'))).toEqual([]);
    },
  );

  test('/blog shows the blog’s two writers as “Who writes our guides”, /about no team, and a post’s byline leads to its writer’s entry', async () => {
    const about = await readPage(testApp.app, '/about');
    expect(about.html).not.toContain('<section id="team"');
    expect(about.text).not.toContain('Meet the team');
    const blog = await readPage(testApp.app, '/blog');
    const team = element(blog.html, '<section id="team"', 'section');
    expect(team).toContain('aria-labelledby="team-heading"');
    expect(textOf(team)).toContain('Who writes our guides');
    expect([...team.matchAll(/<h3\b[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])).toEqual([
      'Sarah Mitchell',
      'James Nguyen',
    ]);
    expect(textOf(team)).toContain('Sarah writes our guides to email marketing');
    expect(textOf(element(team, '<li id="team-james-nguyen"', 'li'))).toContain('James writes our guides to local SEO');

    const post = await readPage(testApp.app, '/blog/by-james');
    expect(post.html).toMatch(/<a [^>]*href="\/blog#team-james-nguyen"[^>]*>James Nguyen<\/a>/);
  });

  test('the studio’s own posts (no one person’s) keep a plain byline', async () => {
    const post = await readPage(testApp.app, '/blog/by-the-studio');
    expect(post.text).toContain('By Studio Team');
    expect(post.html).not.toMatch(/<a [^>]*>Studio Team<\/a>/);
  });
});
