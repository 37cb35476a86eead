/** The viewer page's styles: the canvas fills the frame (or sits at its fixed size), the bar on top. */
export const VIEWER_STYLE = `
html, body { margin: 0; height: 100%; background: #1e1e1e; color: #ddd; font: 14px system-ui, sans-serif; overflow: hidden; }
body { display: flex; flex-direction: column; }
#nav { display: flex; gap: 4px; padding: 4px; background: #2b2b2b; border-bottom: 1px solid #111; flex: none; height: 28px; }
#nav[hidden] { display: none; }
#nav button { width: 32px; background: #3a3a3a; color: #eee; border: 0; border-radius: 4px; cursor: pointer; font-size: 16px; }
#nav button:hover { background: #4a4a4a; }
#address { flex: 1; background: #151515; color: #eee; border: 1px solid #444; border-radius: 4px; padding: 0 8px; font: inherit; }
#stage { position: relative; flex: 1; min-height: 0; display: flex; overflow: auto; }
/* margin: auto centres a view smaller than the frame and, unlike centring the flex box, scrolls a larger one fully. */
#screen { display: block; margin: auto; flex: none; outline: none; background: #fff; cursor: default; }
#stage.fill #screen { width: 100%; height: 100%; object-fit: contain; }
#status { position: absolute; inset: auto 12px 12px auto; padding: 6px 10px; background: rgba(0,0,0,.75); border-radius: 4px; pointer-events: none; }
#status:empty { display: none; }
#status.final { inset: 50% auto auto 50%; transform: translate(-50%, -50%); text-align: center; padding: 16px 20px; font-size: 15px; }
`;
