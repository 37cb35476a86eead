// Renders the document the service itself serves, with system fonts (nothing is fetched from elsewhere). The
// address is relative: behind a stage prefix (`/api/docs/`) the document is at `/api/v1/openapi.json`.
Redoc.init(
  new URL('../v1/openapi.json', location.href).href,
  {
    hideDownloadButton: false,
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } },
  },
  document.getElementById('reference'),
);
