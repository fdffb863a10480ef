import mantinePreset from 'postcss-preset-mantine';

// Breakpoints are literal px in CSS modules (spec: 572, 592, 768); Biome cannot parse
// postcss-simple-vars' `$name` syntax, so that plugin is not used.
export default {
  plugins: [mantinePreset()],
};
