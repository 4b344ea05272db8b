kubectl create service clusterip web --tcp=80:8080 --dry-run=client -o json  # kubectl v1.33
