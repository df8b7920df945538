import { escapeHtml } from './escape-html.server.ts';
import { videoEmbedAttribute, videoTitleAttribute } from '../shared/page-contract.ts';

export interface VideoLink {
  provider: 'YouTube' | 'Vimeo';
  /** Where the plain link goes (without JavaScript, or opened in a new tab). */
  href: string;
  /** The player, loaded only when the reader asks for the video. */
  embed: string;
}

const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);
const vimeoHosts = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** YouTube's `t=` / `start=` (`90`, `90s`, `1m30s`, `1h2m3s`) in seconds. */
function startSeconds(value: string | null): number | undefined {
  const match = value ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value) : null;
  if (!match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : undefined;
}

function youtube(url: URL): VideoLink | undefined {
  const path = url.pathname.split('/').filter(Boolean);
  const id =
    url.hostname === 'youtu.be'
      ? path[0]
      : path[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(path[0] ?? '')
          ? path[1]
          : undefined;
  if (!id || !/^[\w-]{11}$/.test(id)) return undefined;
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return {
    provider: 'YouTube',
    href: `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`,
    // youtube-nocookie: YouTube sets no cookie on the reader until they play the video.
    embed: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1${start ? `&start=${start}` : ''}`,
  };
}

function vimeo(url: URL): VideoLink | undefined {
  const path = url.pathname.split('/').filter(Boolean);
  const [id, hash] = url.hostname === 'player.vimeo.com' ? (path[0] === 'video' ? path.slice(1) : []) : path;
  if (!id || !/^\d+$/.test(id)) return undefined;
  // An unlisted video's link carries a hash, in the path or as ?h=, that the player needs too.
  const key = hash ?? url.searchParams.get('h') ?? undefined;
  if (key !== undefined && !/^[\da-f]+$/i.test(key)) return undefined;
  return {
    provider: 'Vimeo',
    href: `https://vimeo.com/${id}${key ? `/${key}` : ''}`,
    embed: `https://player.vimeo.com/video/${id}?autoplay=1${key ? `&h=${key}` : ''}`,
  };
}

/** The video a link points at, if it is a YouTube or Vimeo video's address. */
export function videoLink(href: string): VideoLink | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  if (youtubeHosts.has(host)) return youtube(url);
  if (vimeoHosts.has(host)) return vimeo(url);
  return undefined;
}

/**
 * A video as a poster with its title and a play button, and nothing from the video's host: a plain link to the
 * video that works without JavaScript. With JavaScript, src/browser/lib/video-facade.ts swaps it for the player (the
 * `videoEmbedAttribute`'s address) when the reader clicks it or presses Enter or Space.
 */
export function videoFacadeHtml(video: VideoLink, title: string): string {
  return (
    `<div class="video-facade">` +
    `<a class="video-facade-link" href="${escapeHtml(video.href)}" rel="noopener noreferrer"` +
    ` ${videoEmbedAttribute}="${escapeHtml(video.embed)}" ${videoTitleAttribute}="${escapeHtml(title)}">` +
    `<span class="video-facade-play" aria-hidden="true"></span>` +
    `<span class="video-facade-title">${escapeHtml(title)}</span>` +
    `<span class="video-facade-host">Play video · ${video.provider}</span>` +
    `</a></div>\n`
  );
}
