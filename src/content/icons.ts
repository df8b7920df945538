/**
 * Icon names used by the content modules.
 * Pages map each name to a lucide icon (src/components/ContentIcon.tsx).
 */
export type IconName =
  | 'briefcase'
  | 'dumbbell'
  | 'utensils'
  | 'wrench'
  | 'shopping-bag'
  | 'tag'
  | 'calendar'
  | 'user'
  | 'mail'
  | 'map-pin'
  | 'users'
  | 'message-circle'
  | 'megaphone'
  | 'bar-chart'
  | 'clock';
