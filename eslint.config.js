import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { backendWalls } from './eslint/backend-walls.js';
import { frontendLayers } from './eslint/frontend-layers.js';

/** Runtime code must not depend on the infrastructure or the local stack. */
const INFRASTRUCTURE = ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '**/local/*', '**/lib/constructs/*'];

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
    files: ['lambdas/**/*.ts', 'shared/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: INFRASTRUCTURE }],
    },
  },
  {
    // Every list pages through the app's own pager, which stays on one line on a phone; every progress bar says its
    // percentage as the app writes it (« 0,5 % »).
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/components/pagination/pagination.tsx', 'frontend/src/components/progress/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: INFRASTRUCTURE,
          paths: [
            {
              name: '@cloudscape-design/components/pagination',
              message: 'Use Pagination from components/pagination/pagination.tsx (compact on a phone).',
            },
            {
              name: '@cloudscape-design/components/progress-bar',
              message: 'Use AppProgressBar from components/progress/app-progress-bar.tsx (« 0,5 % », not "1%").',
            },
          ],
        },
      ],
    },
  },
  {
    // Short functions in the lambdas: a long one is split into named steps; and the walls between the contexts:
    // another context only through its public.ts (docs/architecture.md, "Backend contexts").
    files: ['lambdas/**/*.ts'],
    plugins: { backend: { rules: { 'backend-walls': backendWalls } } },
    rules: {
      'backend/backend-walls': 'error',
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
      // Numbers as the reader's language writes them come from lib/number-format.ts (fr-CA: a no-break space between
      // thousands). toLocaleString('fr') writes a narrow one (U+202F): two spacings of « 1 000 » on one screen.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'Format numbers with formatCount or formatDecimal (lib/number-format.ts), dates with lib/date-time.ts.',
        },
      ],
    },
  },
);
