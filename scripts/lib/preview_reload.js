// Injected by scripts/preview into every page it serves (never into the
// rendered files): asks the preview server ten times a second what it last
// built, and reloads the tab when that changes. While a rebuild runs, a small
// badge says so. It stops asking once the server is gone (preview stopped).
(function () {
  'use strict';
  const seen = document.currentScript.dataset.version;
  let badge = null;
  let misses = 0;
  function setBadge(text) {
    if (!text) {
      if (badge) badge.remove();
      badge = null;
      return;
    }
    if (!badge) {
      badge = document.createElement('div');
      badge.id = 'preview-badge';
      badge.style.cssText = 'position:fixed;right:0.75rem;bottom:0.75rem;z-index:1000;padding:0.3rem 0.7rem;' +
        'border-radius:4px;font:14px/1.4 sans-serif;background:#1f5fa8;color:#fff;opacity:0.92';
      document.body.appendChild(badge);
    }
    badge.textContent = text;
  }
  function poll() {
    fetch('/__preview__/state', { cache: 'no-store' })
      .then((r) => r.json())
      .then((state) => {
        misses = 0;
        if (String(state.version) !== seen) {
          location.reload();
          return;
        }
        setBadge(state.building ? '重新构建中：' + state.building : '');
        setTimeout(poll, 100);
      })
      .catch(() => {
        // The server stopped (Ctrl-C): say so, and stop asking after a few tries.
        setBadge('预览已停止');
        if (++misses < 5) setTimeout(poll, 2000);
      });
  }
  setTimeout(poll, 100);
})();
