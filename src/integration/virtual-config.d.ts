declare module 'virtual:astro-schema-manager/config' {
  const config: import('./runtime-config.ts').RuntimeConfig;
  export default config;
}
