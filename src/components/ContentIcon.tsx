import { __iconData as briefcaseIcon } from 'lucide-react/icons/briefcase';
import { __iconData as calendarIcon } from 'lucide-react/icons/calendar';
import { __iconData as chartColumnIcon } from 'lucide-react/icons/chart-column';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { __iconData as dumbbellIcon } from 'lucide-react/icons/dumbbell';
import { __iconData as mailIcon } from 'lucide-react/icons/mail';
import { __iconData as mapPinIcon } from 'lucide-react/icons/map-pin';
import { __iconData as megaphoneIcon } from 'lucide-react/icons/megaphone';
import { __iconData as messageCircleIcon } from 'lucide-react/icons/message-circle';
import { __iconData as shoppingBagIcon } from 'lucide-react/icons/shopping-bag';
import { __iconData as tagIcon } from 'lucide-react/icons/tag';
import { __iconData as userIcon } from 'lucide-react/icons/user';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { __iconData as utensilsIcon } from 'lucide-react/icons/utensils';
import { __iconData as wrenchIcon } from 'lucide-react/icons/wrench';
import { LucideIcon, type LucideIconData } from './LucideIcon.tsx';
import type { IconName } from '../content/icons.ts';

const icons: Record<IconName, LucideIconData> = {
  briefcase: briefcaseIcon,
  dumbbell: dumbbellIcon,
  utensils: utensilsIcon,
  wrench: wrenchIcon,
  'shopping-bag': shoppingBagIcon,
  tag: tagIcon,
  calendar: calendarIcon,
  user: userIcon,
  mail: mailIcon,
  'map-pin': mapPinIcon,
  users: usersIcon,
  'message-circle': messageCircleIcon,
  megaphone: megaphoneIcon,
  'bar-chart': chartColumnIcon,
  clock: clockIcon,
};

/** The lucide icon a content module names; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return <LucideIcon icon={icons[name]} className={className} />;
}
