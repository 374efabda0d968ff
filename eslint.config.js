import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { frontendLayers } from './eslint/frontend-layers.js';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'frontend/dist', 'dist', '.data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Runtime code must not depend on the infrastructure or the local stack.
    files: ['lambdas/**/*.ts', 'shared/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '**/local/*', '**/lib/constructs/*'] },
      ],
    },
  },
  {
    // Short functions in the lambdas: a long one is split into named steps (docs/architecture.md).
    files: ['lambdas/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The frontend's layers and short functions (docs/frontend.md): split a long component into sections and
    // hooks rather than raise the limit.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'frontend-layers': frontendLayers } } },
    rules: {
      'local/frontend-layers': 'error',
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
