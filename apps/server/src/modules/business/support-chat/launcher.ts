import { scriptJson } from '@/http/web-delivery';

/**
 * The embeddable launcher (docs/decisions.md, "Support chat"): the script a business pastes on its own site,
 * `<script src="<app>/public/<business id>/support-chat/launcher.js" async></script>`. No framework, a few KB: it
 * adds a floating button "Chat with <business>" that opens the business's support chat page in a panel (an iframe;
 * a new window on small screens). Everything it adds lives in a shadow root, so the host page's styles neither break
 * it nor are broken by it; the page's address comes from the script's own `src`, so it works behind any host name.
 */
export function launcherScript(businessId: string, businessName: string): string {
  const config = scriptJson({ id: businessId, label: `Chat with ${businessName}` });
  return `/* Support chat launcher: opens this business's support chat on your site. */
(function () {
  'use strict';
  var c = ${config};
  var me = document.currentScript;
  if (!me || window['__merchantChat_' + c.id]) return;
  window['__merchantChat_' + c.id] = true;
  var page = new URL('/public/' + c.id + '/support-chat', me.src).href;
  function start() {
    var host = document.createElement('div');
    host.setAttribute('data-support-chat-launcher', c.id);
    var root = host.attachShadow({ mode: 'open' });
    root.innerHTML =
      '<style>' +
      ':host{all:initial}' +
      'button{font:600 16px/1.2 system-ui,sans-serif;cursor:pointer;border-radius:999px;border:2px solid #fff;}' +
      '.open{position:fixed;right:16px;bottom:16px;z-index:2147483646;padding:12px 18px;background:#1c5fd4;color:#fff;box-shadow:0 4px 16px rgba(0,0,0,.3)}' +
      'button:focus-visible{outline:3px solid #f5b301;outline-offset:2px}' +
      '.panel{position:fixed;right:16px;bottom:76px;z-index:2147483647;width:380px;height:min(620px,calc(100vh - 96px));background:#fff;border:1px solid #888;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.35);display:flex;flex-direction:column;overflow:hidden}' +
      '.panel[hidden]{display:none}' +
      '.bar{display:flex;justify-content:flex-end;padding:4px;background:#f1f3f5}' +
      '.close{padding:6px 12px;background:#fff;color:#1a1a1a;border-color:#888;font-size:14px}' +
      'iframe{flex:1;width:100%;border:0}' +
      '</style>' +
      '<div class="panel" role="dialog" hidden><div class="bar"><button type="button" class="close">Close chat</button></div></div>' +
      '<button type="button" class="open" aria-expanded="false"></button>';
    var open = root.querySelector('.open');
    var panel = root.querySelector('.panel');
    var close = root.querySelector('.close');
    open.textContent = c.label;
    panel.setAttribute('aria-label', c.label);
    var frame = null;
    function hide() {
      panel.hidden = true;
      open.setAttribute('aria-expanded', 'false');
      open.focus();
    }
    open.addEventListener('click', function () {
      if (!panel.hidden) return hide();
      if (window.innerWidth < 480) {
        window.open(page, '_blank', 'noopener');
        return;
      }
      if (!frame) {
        frame = document.createElement('iframe');
        frame.title = c.label;
        frame.src = page;
        panel.appendChild(frame);
      }
      panel.hidden = false;
      open.setAttribute('aria-expanded', 'true');
      close.focus();
    });
    close.addEventListener('click', hide);
    root.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && !panel.hidden) hide();
    });
    document.body.appendChild(host);
  }
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
`;
}
