import { postBodyAttribute, videoEmbedAttribute, videoTitleAttribute } from '../../shared/page-contract.ts';

// The players the server's video facades may load (the CSP's frame-src allows exactly these).
const playerAddress = /^https:\/\/(?:www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

/** A video facade in a post's body: a link rendered by the server (markdown-video.server.ts). */
const facadeSelector = `[${postBodyAttribute}] a[${videoEmbedAttribute}]`;

/** Plays the video of the facade the event is on, if any, instead of following its link. */
function play(event: Event): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(facadeSelector);
  if (!link) return;
  event.preventDefault();
  const embed = link.getAttribute(videoEmbedAttribute) ?? '';
  if (!playerAddress.test(embed)) return;
  const frame = document.createElement('iframe');
  frame.className = 'video-facade-frame';
  frame.src = embed;
  frame.title = link.getAttribute(videoTitleAttribute) || 'Video';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  link.replaceWith(frame);
  // The reader's place: keyboard focus moves into the player that replaced the link.
  frame.focus();
}

// Why a facade rather than the player's iframe: docs/decisions/post-media.md.
/**
 * Turns the posts' video facades into players on click, Enter or Space, with one listener pair on the document (a
 * post body's HTML comes from the server as a string, so React attaches nothing inside it): set as the page starts,
 * without looking for a facade, so that one tapped at once plays too. A click with a modifier key or another button
 * still opens the link.
 */
export function enableVideoFacades(): void {
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    play(event);
  });
  // Enter already clicks a link; Space would scroll the page, so it plays the video, as on a button.
  document.addEventListener('keydown', (event) => {
    if (event.key === ' ') play(event);
  });
}
