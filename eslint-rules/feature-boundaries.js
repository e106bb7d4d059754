// Features do not import each other's files (docs/ARCHITECTURE.md, Rules; the bulletproof-react layout): what two
// features share lives in src/web/components or src/web/lib, and the app (src/web/app) composes screens. The rule
// resolves each import (the `@/` alias and relative paths) to a folder, so `../../customers/x` is caught like
// `@/features/customers/x`. Options:
//   features: the folder holding one folder per feature ('src/web/features')
//   shared:   folders that may import no feature at all (['src/web/components', 'src/web/lib'])
//   alias:    import prefixes and the folders they stand for ({ '@/': 'src/web/' })
//   apart:    when given, only these features are kept from importing each other (the server's invoices and
//             customer-portal, which share through features/documents)
import path from 'node:path';

const posix = path.posix;

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Features do not import each other's files; shared pieces do not import features." },
    schema: [
      {
        type: 'object',
        properties: {
          features: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
          alias: { type: 'object', additionalProperties: { type: 'string' } },
          apart: { type: 'array', items: { type: 'string' } },
        },
        required: ['features'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}': features do not import each other. Move the shared piece to src/web/components or src/web/lib, or compose the two in src/web/app (docs/ARCHITECTURE.md).",
      apart: "'{{from}}' and '{{to}}' do not import each other: move what they share to features/documents or platform (docs/ARCHITECTURE.md).",
      sharedImportsFeature: "Shared code ({{folder}}) imports feature '{{to}}': shared pieces know no feature (docs/ARCHITECTURE.md).",
    },
  },
  create(context) {
    const { features, shared = [], alias = {}, apart } = context.options[0];
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const featureOf = (p) => (p.startsWith(`${features}/`) ? p.slice(features.length + 1).split('/')[0] : null);
    const from = featureOf(file);
    const sharedFolder = shared.find((folder) => file.startsWith(`${folder}/`));
    if (!from && !sharedFolder) return {};

    const resolve = (specifier) => {
      for (const [prefix, folder] of Object.entries(alias)) {
        if (specifier.startsWith(prefix)) return posix.join(folder, specifier.slice(prefix.length));
      }
      return specifier.startsWith('.') ? posix.join(posix.dirname(file), specifier) : null;
    };

    const check = (node) => {
      const specifier = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier);
      const to = target && featureOf(target);
      if (!to) return;
      if (sharedFolder) {
        context.report({ node: node.source, messageId: 'sharedImportsFeature', data: { folder: sharedFolder, to } });
      } else if (to !== from) {
        if (!apart) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to } });
        else if (apart.includes(from) && apart.includes(to)) context.report({ node: node.source, messageId: 'apart', data: { from, to } });
      }
    };

    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
