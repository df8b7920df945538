// lucide-react's per-icon modules (`lucide-react/icons/<name>`) export the icon's data, its name and SVG nodes,
// beside the component, but their typings declare only the component. Every such path resolves to the same
// declaration file, so this one augmentation types them all.
declare module 'lucide-react/icons/calendar' {
  export const __iconData: import('./LucideIcon.tsx').LucideIconData;
}

export {};
