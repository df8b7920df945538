// The players the server's video facades may load (the CSP's frame-src allows exactly these).
const playerAddress = /^https:\/\/(?:www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

function play(link: HTMLAnchorElement): void {
  const embed = link.dataset.videoEmbed ?? '';
  if (!playerAddress.test(embed)) return;
  const frame = document.createElement('iframe');
  frame.className = 'video-facade-frame';
  frame.src = embed;
  frame.title = link.dataset.videoTitle || 'Video';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  link.replaceWith(frame);
  // The reader's place: keyboard focus moves into the player that replaced the link.
  frame.focus();
}

// Why a facade rather than the player's iframe: docs/decisions/post-media.md.
/**
 * Turns the post body's video facades (links rendered by the server, see markdown-video.server.ts) into players
 * on click, Enter or Space, with one listener pair on the body: its HTML comes from the server as a string, so
 * React attaches nothing inside it. A click with a modifier key or another button still opens the link.
 */
export function enableVideoFacades(body: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-video-embed]');
    if (!link || !body.contains(link)) return;
    event.preventDefault();
    play(link);
  };
  // Enter already clicks a link; Space would scroll the page, so it plays the video, as on a button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-video-embed]');
    if (!link || !body.contains(link)) return;
    event.preventDefault();
    play(link);
  };
  body.addEventListener('click', onClick);
  body.addEventListener('keydown', onKeyDown);
  return () => {
    body.removeEventListener('click', onClick);
    body.removeEventListener('keydown', onKeyDown);
  };
}
