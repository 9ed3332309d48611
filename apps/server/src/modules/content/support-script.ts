/**
 * The support page's ticket form script, served as GET /support/ticket.js so that the page's
 * content-security policy can refuse every inline script (issue 14). Plain ES5: it runs in any
 * phone browser without a build step.
 */
export const SUPPORT_SCRIPT_PATH = '/support/ticket.js';

export const SUPPORT_SCRIPT = `(function(){
  var f=document.getElementById('ticket-form'),msg=document.getElementById('t-msg'),btn=document.getElementById('t-send');
  var content=document.getElementById('t-content'),count=document.getElementById('t-count');
  content.addEventListener('input',function(){count.textContent=String(content.value.length)});
  f.addEventListener('submit',function(e){
    e.preventDefault();
    btn.disabled=true;msg.className='msg';msg.textContent='提交中…';
    var body={name:f.name.value,contact:f.contact.value,content:content.value};
    fetch('/support/api/ticket',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)})
      .then(function(r){return r.json()})
      .then(function(r){
        msg.textContent=String(r.message||'');
        if(r.code===200){msg.className='msg ok';f.reset();count.textContent='0'}else{msg.className='msg err'}
      })
      .catch(function(){msg.className='msg err';msg.textContent='网络异常，请稍后再试'})
      .then(function(){btn.disabled=false});
  });
})();
`;
