declare module 'virtual:astro-schema-manager/config' {
  const config: import('./runtime-config.ts').RuntimeConfig;
  export default config;
}

// Astro's own module for the running server's variables (declared by astro/types/env.d.ts in a site).
declare module 'astro:env/server' {
  export const getSecret: (key: string) => string | undefined;
}
