// The site's line icons, split by where they are drawn: the build takes into the guest home's
// first load only the parts whose names it imports from here (firstScreen.tsx).
export * from './Svg';
export * from './firstScreen';
export * from './more';
