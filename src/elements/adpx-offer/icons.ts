/**
 * Small decorative icons, drawn in `currentColor`. Each is `aria-hidden`: the text beside it
 * carries the meaning.
 */
import { html, nothing } from 'lit';

/** One 24×24 path: filled, or outlined with a stroke of `stroke` units and optional round ends. */
interface IconPath {
  d: string;
  stroke?: number;
  round?: 'join' | 'cap+join';
}

const icon = ({ d, stroke, round }: IconPath) =>
  html`<svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      d=${d}
      fill=${stroke ? 'none' : 'currentColor'}
      stroke=${stroke ? 'currentColor' : nothing}
      stroke-width=${stroke ?? nothing}
      stroke-linejoin=${round ? 'round' : nothing}
      stroke-linecap=${round === 'cap+join' ? 'round' : nothing}
    />
  </svg>`;

export const starIcon = () =>
  icon({ d: 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z' });

export const bookmarkIcon = () => icon({ d: 'M6.5 3.5h11v17l-5.5-4-5.5 4z', stroke: 2, round: 'join' });

export const checkIcon = () => icon({ d: 'M4.5 12.5l5 5 10-11', stroke: 2.4, round: 'cap+join' });

export const gridIcon = () =>
  icon({ d: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z', stroke: 2 });
