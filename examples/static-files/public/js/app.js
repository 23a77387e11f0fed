document.querySelector('h1').title = 'served statically'
