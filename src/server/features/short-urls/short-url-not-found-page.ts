// What a person who followed a dead short link sees: a page in the product's look, not a JSON error.
// Nothing from the request is echoed, so there is nothing to escape.
export const SHORT_URL_NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link not found - Tradebook</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  p.code { font-size: 3rem; font-weight: 700; margin: 0; color: #64748b; }
  h1 { font-size: 1.5rem; margin: 0.5rem 0; }
  p { color: #475569; line-height: 1.5; }
  a { color: #2563eb; }
</style>
</head>
<body>
<main>
  <p class="code">404</p>
  <h1>Link not found</h1>
  <p>This short link does not exist or has been switched off. Check the address, or ask whoever sent it for a new one.</p>
  <p><a href="/">Go to Tradebook</a></p>
</main>
</body>
</html>
`;
