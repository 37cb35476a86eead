// Renders the document the service itself serves, with system fonts (nothing is fetched from elsewhere).
Redoc.init(
  '/v1/openapi.json',
  {
    hideDownloadButton: false,
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } },
  },
  document.getElementById('reference'),
);
